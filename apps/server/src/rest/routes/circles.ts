import { defineRoutes } from '../route';

/** Circle deals and "I'd accept" lists (product-spec-3 section 4; contract, part three paths). */
export const circleRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/auth/me/accepts',
    procedure: 'circles.accepts',
    summary:
      'Your "I\'d accept" list: categories, cities, minValueInr, maxValueInr, availableFrom, availableTo (null when none)',
    tag: 'Circles',
    auth: 'bearer',
  },
  {
    method: 'PUT',
    path: '/api/auth/me/accepts',
    procedure: 'circles.saveAccepts',
    summary:
      'Save your "I\'d accept" list: categories (empty: any), cities (empty: any), minValueInr, maxValueInr, availableFrom?, availableTo?. Nothing outside it is proposed to you, as a match or in a circle',
    tag: 'Circles',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/circles',
    procedure: 'circles.list',
    summary: 'Your circle proposals of three, newest first',
    tag: 'Circles',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/circles/:id',
    procedure: 'circles.get',
    summary:
      "A circle of yours: its members' public cards, the leg you give and the leg you get with their reasons, your answer; 404 for anyone else",
    tag: 'Circles',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/circles/:id/accept',
    procedure: 'circles.accept',
    summary:
      'Accept a circle. Nothing binds until all three accept within 72 hours; the third accept creates the three deals (deals). 409 once it lapsed or you answered, 403 without two deals left this month',
    tag: 'Circles',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/circles/:id/decline',
    procedure: 'circles.decline',
    summary: 'Decline a circle: it lapses for all three',
    tag: 'Circles',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'GET',
    path: '/api/admin/trade-desk',
    procedure: 'tradeDesk.desk',
    summary:
      'The trade desk (admins and brokers): unmatchedNeeds by city and category, stalledOffers (no answer for over 3 days), idleInventory (no deal in 60 days), nearCircles (two legs, the third missing); query city, category',
    tag: 'Trade desk',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/admin/trade-desk/drafts',
    procedure: 'tradeDesk.draft',
    summary:
      "A broker drafts a circle for three members: listingIds (three; each goes to the owner of the next); or a deal for two: fromUserId with the body of POST /api/deals (201 { deal }, accepted by neither member until each accepts). Delivered as a proposal prepared by the BarterAds trade desk (the broker's name), which the members answer",
    tag: 'Trade desk',
    auth: 'bearer',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/admin/trade-desk/figures',
    procedure: 'tradeDesk.figures',
    summary: 'Per broker and month: circles drafted, accepted, value closed (admins and brokers)',
    tag: 'Trade desk',
    auth: 'bearer',
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/broker',
    procedure: 'tradeDesk.setBroker',
    summary: 'Give or take the broker role: broker (boolean). Audit-logged',
    tag: 'Trade desk',
    auth: 'admin',
    input: (request) => ({ ...((request.body as object) ?? {}), id: request.params.id }),
  },
]);
