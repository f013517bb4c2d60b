// node bundle.cjs <esbuild-wasm main> <entry> <node_modules folder> <outfile>
// Bundles the entry's imports into one minified classic script defining the global THREE:
// browsers refuse ES module imports from file://, and the page must open from disk.
"use strict";
const [esbuildMain, entry, modules, outfile] = process.argv.slice(2);
require(esbuildMain)
  .build({
    entryPoints: [entry],
    nodePaths: [modules],
    outfile,
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "THREE",
    legalComments: "eof",
    logLevel: "error",
  })
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error.message.split("\n")[0]);
      process.exit(1);
    },
  );
