export { SavedSearchesPage } from './SavedSearchesPage';
export { SaveSearchButton } from './SaveSearchButton';
