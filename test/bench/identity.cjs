// jscodeshift's own baseline: parse and print every file, change nothing.
module.exports = (file, api) => api.jscodeshift(file.source).toSource();
module.exports.parser = "tsx";
