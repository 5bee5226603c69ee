// The CommonJS entry of wirechat (package.json "exports" -> "require"). wirechat is an ES module; Node.js
// 20.19+ and 22.12+ load it through require(), which this file does. On a Node.js that cannot, the error
// says what to do instead of Node's generic ERR_REQUIRE_ESM.
"use strict";
try {
  module.exports = require("../dist/index.js");
} catch (error) {
  if (error && error.code === "ERR_REQUIRE_ESM") {
    throw new Error(
      `wirechat is an ES module, and this Node.js ${process.version} cannot require() one: ` +
        'use import { decode } from "wirechat" (or await import("wirechat")), or Node.js 20.19+ / 22.12+',
      { cause: error },
    );
  }
  throw error;
}
