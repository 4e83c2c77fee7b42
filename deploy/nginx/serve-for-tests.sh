#!/usr/bin/env bash
# Runs Debian's nginx with the rendered template in the foreground, for the Playwright `nginx`
# target (playwright.config.ts passes the five variables below). Everything nginx writes (pid,
# logs, temp files, the rendered configuration) stays in one folder of its own.
#
#   bash deploy/nginx/serve-for-tests.sh           render, nginx -t, then exec nginx
#   bash deploy/nginx/serve-for-tests.sh --check   render and nginx -t only
#
# Environment: PANEL_LISTEN PANEL_ROOT HOSTING_SERVER HOSTING_CA_FILE HOSTING_SERVICE_PATH
# (required, as for the template; or HOSTING_SERVERS with HOSTING_CA_FILE_<NAME> instead of
# HOSTING_SERVER and HOSTING_CA_FILE, rendered by render.sh), NGINX_MODULES=auto|none (auto: load the Lua and headers-more modules
# if it is installed, or drop the template's block for it if not; none: drop it either way, to
# check the template without it), NGINX_MODULES_DIR (Debian's /usr/lib/nginx/modules). The
# folder is $TMPDIR/hosting-panel-nginx-<listen address>, made afresh at each start (--check: a
# temporary folder, removed afterwards).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
check_only=0
case "${1:-}" in
  --check) check_only=1 ;;
  '') ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

fail() { echo "serve-for-tests: $*" >&2; exit 2; }

for name in PANEL_LISTEN PANEL_ROOT HOSTING_SERVICE_PATH; do
  [ -n "${!name:-}" ] || fail "$name is not set"
done
# render.sh checks the hosting servers, their CA files and the service path (the rules of
# src/server/origin/hosting-config.ts); PANEL_ROOT is resolved here first.
unsafe="[[:space:];'\"{}\$]"
[[ "$PANEL_ROOT" == /* ]] || fail "PANEL_ROOT must be an absolute path"
# Rendered as the path without symbolic links (README "nginx": disable_symlinks).
PANEL_ROOT="$(realpath -e -- "$PANEL_ROOT")" || fail "PANEL_ROOT does not exist"
[[ ! "$PANEL_ROOT" =~ $unsafe ]] || fail "PANEL_ROOT must not hold spaces, quotes, braces, '\$' or ';'"
export PANEL_ROOT
[ -f "$PANEL_ROOT/index.html" ] || fail "no index.html in PANEL_ROOT=$PANEL_ROOT: run npm run build first"
command -v nginx >/dev/null || fail "nginx is not installed (as root: apt-get install -y nginx libnginx-mod-http-headers-more-filter)"
command -v envsubst >/dev/null || fail "envsubst is not installed (as root: apt-get install -y gettext-base)"

modules_dir="${NGINX_MODULES_DIR:-/usr/lib/nginx/modules}"
mode="${NGINX_MODULES:-auto}"
[[ "$mode" == auto || "$mode" == none ]] || fail "NGINX_MODULES must be auto or none"

if [ "$check_only" = 1 ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
else
  work="${TMPDIR:-/tmp}/hosting-panel-nginx-${PANEL_LISTEN//[^A-Za-z0-9.]/_}"
  rm -rf "$work"
  mkdir -p "$work"
fi
# Workers (an unprivileged user when nginx starts as root) create their temp files in here.
chmod 755 "$work"

# The template, rendered exactly as README "nginx" says, minus the blocks of missing modules.
rendered="$work/hosting-panel.conf"
load_modules=''
loaded=()
drop=(-e '')
# Lua first: its filters then run after headers-more's (a module loaded later runs earlier).
for module in lua headers_more_filter; do
  so="$modules_dir/ngx_http_${module}_module.so"
  if [ "$mode" = auto ] && [ -f "$so" ]; then
    # The Lua module needs the Nginx Development Kit loaded before it.
    [ "$module" != lua ] || load_modules+="load_module $modules_dir/ndk_http_module.so;"$'\n'
    load_modules+="load_module $so;"$'\n'
    loaded+=("$module")
  else
    [ "$mode" = none ] || echo "serve-for-tests: $so not found: serving without the template's ngx_http_${module}_module block" >&2
    drop+=(-e "/^ *## with ngx_http_${module}_module\$/,/^ *## end\$/d")
  fi
done
bash "$here/render.sh" | sed "${drop[@]}" > "$rendered"

# Started as root (CI), nginx runs its workers as `nobody` when that user can read the build
# and every HOSTING_OPENAPI_FILE; otherwise (a checkout in a private home folder) as root, which
# only this test server does.
readable_by_nobody() {
  runuser -u nobody -- test -r "$PANEL_ROOT/index.html" || return 1
  local variable
  while read -r variable; do
    [ -z "${!variable// /}" ] || runuser -u nobody -- test -r "${!variable}" || return 1
  done < <(compgen -e | grep -E '^HOSTING_OPENAPI_FILE(_|$)' || true)
}
user_line=''
if [ "$(id -u)" = 0 ]; then
  if command -v runuser >/dev/null && readable_by_nobody; then
    user_line="user nobody nogroup;"
  else
    echo "serve-for-tests: user nobody cannot read $PANEL_ROOT: nginx workers run as root" >&2
    user_line="user root root;"
  fi
fi

# The simulator's certificate names localhost, 127.0.0.1 and ::1, but nginx checks a
# certificate's DNS names only (never its IP addresses): reached by a loopback address, it is
# checked as "localhost". The template leaves proxy_ssl_name to http { } for exactly this.
ssl_name_line=''
for origin in ${HOSTING_SERVER:-} ${HOSTING_SERVERS:-}; do
  if [[ "${origin#*=}" =~ ^https://(127\.[0-9.]+|\[::1\])(:[0-9]+)?$ ]]; then
    ssl_name_line="proxy_ssl_name localhost;"
  fi
done

cat > "$work/nginx.conf" <<EOF
# Written by deploy/nginx/serve-for-tests.sh for the end-to-end tests; not for production.
$load_modules$user_line
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log notice;

events {
    worker_connections 256;
}

http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    # README "nginx": method and path, never a query or a header value ("combined" logs the
    # request line, query included, and Referer and User-Agent).
    map "\$http_x_panel_secret_segments|\$request_uri" \$panel_path_only { "~^[0-9][0-9,]*\|(?<panel_api>/(?:servers/[^/?]*/)?[^/?]*/api/v1)/[^?]+" "\$panel_api/********"; "~^[^|]*\|(?<panel_path>[^?]*)" \$panel_path; }
    map \$request \$panel_method { "~^(?<panel_request_method>[A-Z]+) " \$panel_request_method; }
    log_format hosting_panel '\$remote_addr [\$time_local] "\$panel_method \$panel_path_only" \$status \$body_bytes_sent \$request_time \$upstream_status';
    access_log $work/access.log hosting_panel;
    client_body_temp_path $work/client_body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    $ssl_name_line

    include $rendered;
}
EOF

nginx -t -q -e stderr -c "$work/nginx.conf" || { echo "serve-for-tests: nginx -t failed for $work/nginx.conf" >&2; exit 1; }
if [ "$check_only" = 1 ]; then
  echo "serve-for-tests: nginx -t passed (modules: ${loaded[*]:-none})"
  exit 0
fi
echo "serve-for-tests: nginx on http://$PANEL_LISTEN, configuration and logs in $work"
exec nginx -e stderr -c "$work/nginx.conf"
