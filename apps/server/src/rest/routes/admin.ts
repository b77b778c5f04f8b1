import { defineRoutes, type RestRequest } from '../route';

/** The body's fields plus the `:id` of the path. */
function bodyWithId(request: RestRequest): unknown {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  return { ...body, id: request.params.id };
}

export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/metrics',
    procedure: 'admin.metrics',
    summary: 'Overview figures: users, listings, verified, pending, and 12 weekly counts of each',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/users-by-country',
    procedure: 'admin.usersByCountry',
    summary: 'Users per country with their share of the total',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/barters',
    procedure: 'admin.listings',
    summary: 'Every listing, newest first; query limit, offset, ownerType, status, verified, q',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    procedure: 'admin.users',
    summary: 'Users, newest first; query limit (max 200), offset, q, role, status, userType',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/status',
    procedure: 'admin.setUserStatus',
    summary: 'Suspend or activate a user; suspending revokes every session of that user',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
  {
    method: 'PATCH',
    path: '/api/admin/barters/:id/verify',
    procedure: 'admin.setListingVerified',
    summary: 'Verify or unverify a listing',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
  {
    method: 'PATCH',
    path: '/api/admin/barters/:id/archive',
    procedure: 'admin.archiveListing',
    summary: 'Archive a listing that breaks the rules, with a reason its owner can read',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
  {
    method: 'GET',
    path: '/api/admin/activity',
    procedure: 'admin.activity',
    summary:
      'The audit log of admin changes, newest first; query limit, offset, action, targetType, targetId, actorId',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/enterprise-members',
    procedure: 'admin.enterpriseMembers',
    summary:
      'Members on a running Enterprise plan with their account manager, and the admins who can be assigned',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/account-manager',
    procedure: 'admin.setAccountManager',
    summary:
      "Assign an active admin as an Enterprise member's account manager (`managerId`, or null to remove); 409 for a member not on Enterprise",
    tag: 'Admin',
    auth: 'admin',
    input: (request) => ({ ...(request.body as Record<string, unknown>), userId: request.params.id }),
  },
]);
