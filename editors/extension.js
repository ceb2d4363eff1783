// The anim extension for VS Code: the grammar and language configuration are
// declared in package.json; this file only starts `anim lsp` for .anim files.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("anim").get("path", "anim");
  // TransportKind.stdio: the client speaks JSON-RPC on the server's stdin and
  // stdout (and adds `--stdio`, which `anim lsp` accepts).
  const serverOptions = { command, args: ["lsp"], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "anim" },
      { scheme: "untitled", language: "anim" },
    ],
  };
  client = new LanguageClient("anim", "anim language server", serverOptions, clientOptions);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
