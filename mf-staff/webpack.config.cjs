const { createConfig } = require('../webpack.common.cjs');

module.exports = (_env, argv) => createConfig('mf-staff', argv);
