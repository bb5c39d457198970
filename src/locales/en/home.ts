/** English texts of the home screen (the spec's texts word for word). */
export default {
  welcome: 'Welcome, {name}',
  role: 'Role: {role}',
  logout: 'Logout',
  announcements: 'Announcements',
  loadingAnnouncements: 'Loading announcements',
  noAnnouncements: 'No announcements right now.',
  showFewer: 'Show fewer',
  showAll: 'Show all {n}',
  deliveriesByArea: 'Deliveries by area',
  area: 'Area',
  chooseArea: 'Choose an area',
  loadingAreas: 'Loading areas…',
  noSuchArea: 'No such area',
  chooseAreaHint: 'Choose an area to see its pending orders.',
} as const;
