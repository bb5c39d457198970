/** English texts of the profit page (src/features/profit). */
export default {
  title: 'Profit',
  hint: 'Net sales before GST, less what the goods sold cost when they were sold, less the expenses of the period (India dates).',
  from: 'From',
  to: 'To',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  vendor: 'Vendor',
  chooseVendor: 'Choose a vendor',
  chooseVendorDot: 'Choose a vendor.',
  loadFailed: 'Could not load the profit.',
  // the figures
  figures: 'Profit of the period',
  sales: 'Sales (before GST)',
  returns: 'Returns (credit notes)',
  netSales: 'Net sales',
  costOfSales: 'Cost of the goods sold',
  costNote: 'At the average cost on the day of each sale',
  costReturned: 'Cost of goods returned to the shelf',
  cogs: 'Cost of goods sold',
  grossProfit: 'Gross profit',
  expenses: 'Expenses',
  expensesNoGst: 'Without the input GST you claim back',
  expensesWithGst: 'With their GST (the shop has no GSTIN)',
  netProfit: 'Net profit',
  withoutCost:
    '{n} lines sold had no known cost (goods never received on a bill): their cost is counted as ₹0, so the profit shows higher than it was.',
  // expenses by category
  byCategory: 'Expenses by category',
  noExpenses: 'No expenses in this period.',
  count: '{n} entries',
  // the breakdown
  byDay: 'Day by day',
  byMonth: 'Month by month',
  period: 'Period',
  nothing: 'No sales, returns or expenses in this period.',
};
