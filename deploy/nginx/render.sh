#!/usr/bin/env bash
# Renders hosting-panel.conf.template to stdout, after checking every value (README "nginx").
#
# One hosting server: PANEL_LISTEN PANEL_ROOT HOSTING_SERVER HOSTING_CA_FILE HOSTING_SERVICE_PATH.
#   The output is byte for byte that of
#   envsubst '$PANEL_LISTEN $PANEL_ROOT $HOSTING_SERVER $HOSTING_CA_FILE $HOSTING_SERVICE_PATH' < template
#
# Several: HOSTING_SERVERS="prod=https://a.example:8443 test=https://b.example:8443" instead of
#   HOSTING_SERVER and HOSTING_CA_FILE, and HOSTING_CA_FILE_<NAME> (the name upper-cased, "-" as
#   "_") for each. The template's block between "## per server" and "## end per server" is
#   rendered once per server, at /servers/<name>/<service path>/api/v1 and forwarded to
#   <origin>/<service path>/api/v1 (a server named "default" keeps /<service path>/api/v1, as
#   with HOSTING_SERVER), as the Node proxy routes (src/server/origin/panel-api.ts); everything else under
#   /servers is the proxy's path_not_forwarded, and runtime.json names the servers.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
template="$here/hosting-panel.conf.template"
fail() { echo "render: $*" >&2; exit 2; }

# The same rules the Node side applies (src/server/origin/hosting-config.ts, src/shared/hosting-servers.ts):
# an origin without a path (proxy_pass with a path would replace the API prefix), a plain service
# path segment, and nothing in a value that could end an nginx directive.
origin_rule='^https?://[^/?#[:space:];]+$'
segment='^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254}$'
name_rule='^[a-z][a-z0-9-]{0,31}$'
unsafe="[[:space:];'\"{}\$]"
# Plain segments after an API prefix, as the template's own checks write them.
below='(?:/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254}/)*(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254})?)?(?:\?.*)?$'

for name in PANEL_LISTEN PANEL_ROOT HOSTING_SERVICE_PATH; do
  [ -n "${!name:-}" ] || fail "$name is not set"
done
[[ "$HOSTING_SERVICE_PATH" =~ $segment ]] || fail "HOSTING_SERVICE_PATH must be one plain path segment, got '$HOSTING_SERVICE_PATH'"
for name in PANEL_LISTEN PANEL_ROOT; do
  [[ ! "${!name}" =~ $unsafe ]] || fail "$name must not hold spaces, quotes, braces, '\$' or ';'"
done
[[ "$PANEL_ROOT" == /* ]] || fail "PANEL_ROOT must be an absolute path"

check_server() { # variable-for-messages origin ca-variable
  [[ "$2" =~ $origin_rule ]] || fail "$1 must be an origin such as https://host:8443 (no path, no trailing slash), got '$2'"
  [ -n "${!3:-}" ] || fail "$3 is not set (nginx needs the CA to trust for every server; for a public certificate, /etc/ssl/certs/ca-certificates.crt)"
  [[ ! "${!3}" =~ $unsafe ]] || fail "$3 must not hold spaces, quotes, braces, '\$' or ';'"
  [ -r "${!3}" ] || fail "$3=${!3} cannot be read"
}

vars='$PANEL_LISTEN $PANEL_ROOT $HOSTING_SERVER $HOSTING_CA_FILE $HOSTING_SERVICE_PATH'
servers="${HOSTING_SERVERS:-}"
if [[ -z "${servers//[[:space:]]/}" ]]; then
  [ -n "${HOSTING_SERVER:-}" ] || fail "HOSTING_SERVER is not set (or HOSTING_SERVERS for several servers)"
  check_server HOSTING_SERVER "$HOSTING_SERVER" HOSTING_CA_FILE
  exec envsubst "$vars" < "$template"
fi

for name in HOSTING_SERVER HOSTING_CA_FILE; do
  [ -z "${!name:-}" ] || fail "$name and HOSTING_SERVERS are both set: use one server or named servers (each with HOSTING_CA_FILE_<NAME>), not both"
done
names=()
origins=()
for entry in $servers; do
  [[ "$entry" == *=* ]] || fail "HOSTING_SERVERS holds '$entry' without '=': write name=https://host:8443"
  name="${entry%%=*}"
  origin="${entry#*=}"
  [[ "$name" =~ $name_rule ]] || fail "HOSTING_SERVERS: the name '$name' must be a lowercase letter, then up to 31 lowercase letters, digits or '-'"
  for seen in "${names[@]}"; do [ "$seen" != "$name" ] || fail "HOSTING_SERVERS names '$name' twice"; done
  [ "$origin" != simulator ] || fail "HOSTING_SERVERS: $name=simulator works with npm run dev and npm run preview only"
  suffix="$(tr 'a-z-' 'A-Z_' <<< "$name")"
  check_server "HOSTING_SERVERS ($name)" "$origin" "HOSTING_CA_FILE_$suffix"
  names+=("$name")
  origins+=("$origin")
done

api="$HOSTING_SERVICE_PATH/api/v1"
# A server's prefix, as HOSTING_SERVICE_PATH in the block (src/shared/hosting-servers.ts).
prefix_of() { if [ "$1" = default ]; then echo "$HOSTING_SERVICE_PATH"; else echo "servers/$1/$HOSTING_SERVICE_PATH"; fi; }
runtime=''
for name in "${names[@]}"; do
  runtime+="${runtime:+,}{\"name\":\"$name\",\"apiBase\":\"/$(prefix_of "$name")/api/v1\",\"simulator\":false,\"demoKeys\":[]}"
done

# The template before the per-server block, with runtime.json naming the servers (names and
# prefixes only, as the Node servers say it).
sed '/^ *## per server$/,$d' "$template" | envsubst "$vars" \
  | sed "s|return 200 '{\"simulator\":false,\"demoKeys\":\[\]}';|return 200 '{\"simulator\":false,\"demoKeys\":[],\"servers\":[$runtime]}';|"
block="$(sed -n '/^ *## per server$/,/^ *## end per server$/p' "$template")"
has_default=0
for index in "${!names[@]}"; do
  name="${names[$index]}"
  ca="HOSTING_CA_FILE_$(tr 'a-z-' 'A-Z_' <<< "$name")"
  upstream="${origins[$index]}/$api"
  if [ "$name" = default ]; then
    has_default=1
    # proxy_pass without a URI part, as with HOSTING_SERVER: the raw path goes on as sent.
    upstream="${origins[$index]}"
  fi
  echo "    # Server \"$name\"."
  HOSTING_SERVICE_PATH="$(prefix_of "$name")" HOSTING_SERVER="$upstream" HOSTING_CA_FILE="${!ca}" envsubst "$vars" <<< "$block"
done
alternatives="$(IFS='|'; echo "${names[*]}")"
cat <<CONF

    # Everything else under /servers, as the client sent the path (an unknown name, a path outside
    # a server's API, "..", encoded or not): the proxy's own refusal, as the Node proxy answers.
    if (\$request_uri ~ "^/servers(?=[/?]|\$)(?!/(?:$alternatives)/$api$below)") {
        rewrite ^ /__panel/proxy-error/path_not_forwarded last;
    }
    location ^~ /servers/ {
        rewrite ^ /__panel/proxy-error/path_not_forwarded last;
    }
CONF
if [ "$has_default" = 0 ]; then
  cat <<CONF
    # No server is named "default": nothing is forwarded at the single server's prefix.
    location ^~ /$api {
        rewrite ^ /__panel/proxy-error/path_not_forwarded last;
    }
CONF
fi
sed '1,/^ *## end per server$/d' "$template" | envsubst "$vars"
