import { e2eConfig } from '@barterads/testing/e2e';

export default e2eConfig({ port: 4320, name: 'admin' });
