#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (trust auth, database `test`).
# Exit 0 when it answers, 1 when it cannot be had.
set -uo pipefail
up() { node -e "
const net=require('net');const s=net.connect(5432,'127.0.0.1');
s.on('connect',()=>{s.end();process.exit(0)});s.on('error',()=>process.exit(1));
setTimeout(()=>process.exit(1),2000);"; }
up && exit 0
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  [ "${CI:-}" = "true" ] || [ "${INSTALL_POSTGRES:-}" = "1" ] || exit 1
  echo "[test] Installing PostgreSQL from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq postgresql >/dev/null || exit 1
  hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -n1)
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' | $SUDO tee "$hba" >/dev/null
fi
ver=$(ls /etc/postgresql | head -n1)
echo "[test] Starting PostgreSQL $ver…"
$SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start 2>/dev/null || $SUDO pg_ctlcluster "$ver" main start || true
for _ in $(seq 1 30); do up && break; sleep 1; done
up || exit 1
# The suites create their own databases; make sure the `test` database exists to connect to.
psql -h 127.0.0.1 -U postgres -tc "select 1 from pg_database where datname='test'" 2>/dev/null | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -c "create database test" >/dev/null 2>&1 || true
exit 0
