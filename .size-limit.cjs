// size-limit reads this file; the budgets themselves live in size-limit.json.
module.exports = require('./size-limit.json')
