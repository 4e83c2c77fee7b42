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
#
# Each server's OpenAPI description (src/server/origin/openapi-config.ts): HOSTING_OPENAPI_PATH
#   (a path below its API root, named in runtime.json) or HOSTING_OPENAPI_FILE (a file nginx
#   serves at /__panel/openapi/<name>), or _<NAME> for a named server; at most one of the two.
#   With either, one server is rendered as named servers are (a single server is named
#   "default"), so runtime.json can say so.
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
# HOSTING_OPENAPI_PATH: "/", then plain segments, an empty one only at the end (isOpenApiPath).
openapi_path_rule='^(/[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254})+/?$'
# The page reads at most 20 MiB of a description (src/server/origin/openapi-config.ts).
openapi_max_bytes=20971520
# Plain segments after an API prefix, as the template's own checks write them.
below='(?:/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254}/)*(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,254})?)?(?:\?.*)?$'

for name in PANEL_LISTEN PANEL_ROOT HOSTING_SERVICE_PATH; do
  [ -n "${!name:-}" ] || fail "$name is not set"
done
# The Node servers' rule (src/server/origin/hosting-config.ts, isIdentifier): no ".", no "~".
[[ "$HOSTING_SERVICE_PATH" =~ ^[A-Za-z0-9_-]{1,64}$ ]] || fail "HOSTING_SERVICE_PATH must be one path segment of letters, digits, \"_\" or \"-\" (got \"$HOSTING_SERVICE_PATH\")"
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

# A value without the white space around it, as the Node side reads every variable.
trim() { local value="$1"; value="${value#"${value%%[![:space:]]*}"}"; echo "${value%"${value##*[![:space:]]}"}"; }

vars='$PANEL_LISTEN $PANEL_ROOT $HOSTING_SERVER $HOSTING_CA_FILE $HOSTING_SERVICE_PATH'
servers="${HOSTING_SERVERS:-}"
names=()
origins=()
# Per server: the name of its CA variable, and the suffix of its other variables ("" or _<NAME>).
ca_variables=()
suffixes=()
if [[ -z "${servers//[[:space:]]/}" ]]; then
  [ -n "${HOSTING_SERVER:-}" ] || fail "HOSTING_SERVER is not set (or HOSTING_SERVERS for several servers)"
  check_server HOSTING_SERVER "$HOSTING_SERVER" HOSTING_CA_FILE
  if [ -z "$(trim "${HOSTING_OPENAPI_PATH:-}")" ] && [ -z "$(trim "${HOSTING_OPENAPI_FILE:-}")" ]; then
    exec envsubst "$vars" < "$template"
  fi
  names=(default)
  origins=("$HOSTING_SERVER")
  ca_variables=(HOSTING_CA_FILE)
  suffixes=('')
else
  for name in HOSTING_SERVER HOSTING_CA_FILE HOSTING_OPENAPI_PATH HOSTING_OPENAPI_FILE; do
    [ -z "$(trim "${!name:-}")" ] || fail "$name and HOSTING_SERVERS are both set: use one server or named servers (each with ${name/#HOSTING_SERVER/HOSTING_CA_FILE}_<NAME>), not both"
  done
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
    ca_variables+=("HOSTING_CA_FILE_$suffix")
    suffixes+=("_$suffix")
  done
  # A typo in a suffix would otherwise leave a server without its description, unnoticed.
  while read -r variable; do
    [ -n "$(trim "${!variable:-}")" ] || continue
    known=0
    for suffix in "${suffixes[@]}"; do
      [[ "$variable" != HOSTING_OPENAPI_PATH$suffix && "$variable" != HOSTING_OPENAPI_FILE$suffix ]] || known=1
    done
    [ "$known" = 1 ] || fail "$variable names no server of HOSTING_SERVERS ($(IFS=,; echo "${names[*]}" | sed 's/,/, /g'))"
  done < <(compgen -e | grep -E '^HOSTING_OPENAPI_(PATH|FILE)_' || true)
fi

# Each server's description (src/server/origin/openapi-config.ts): its runtime.json field, and
# for a file, the file's real path (no symbolic link: disable_symlinks) and its content type.
check_openapi_file() { # variable file
  local real size first
  real="$(realpath -e -- "$2" 2>/dev/null)" || fail "$1 cannot be read: $2 (no such file)"
  [ -f "$real" ] || fail "$1 cannot be read: $2 (not a regular file)"
  [ -r "$real" ] || fail "$1 cannot be read: $2 (permission denied)"
  [[ ! "$real" =~ $unsafe ]] || fail "$1 must not hold spaces, quotes, braces, '\$' or ';' (its real path: $real)"
  size="$(stat -c %s -- "$real")"
  [ "$size" -le "$openapi_max_bytes" ] || fail "$1 is larger than 20 MiB ($size bytes): $2"
  [ "$size" -gt 0 ] || fail "$1 holds no OpenAPI description (the file is empty): $2"
  iconv -f UTF-8 -t UTF-8 -- "$real" > /dev/null 2>&1 || fail "$1 is not UTF-8 text: $2"
  # The page's rule (openApiContentType): JSON when the text starts with "{" or "[" after a
  # byte order mark and white space, else YAML. Whether it parses is the page's to say.
  first="$(LC_ALL=C sed -e '1s/^\xEF\xBB\xBF//' -- "$real" | LC_ALL=C tr -d ' \t\r\n\0' | head -c 1 || true)"
  openapi_file="$real"
  if [[ "$first" == [\{\[] ]]; then openapi_type=application/json; else openapi_type=application/yaml; fi
}
openapi_fields=()
openapi_files=()
openapi_types=()
for index in "${!names[@]}"; do
  path_variable="HOSTING_OPENAPI_PATH${suffixes[$index]}"
  file_variable="HOSTING_OPENAPI_FILE${suffixes[$index]}"
  openapi_path="$(trim "${!path_variable:-}")"
  openapi_file="$(trim "${!file_variable:-}")"
  openapi_type=''
  field=''
  if [ -n "$openapi_path" ] && [ -n "$openapi_file" ]; then
    fail "$path_variable and $file_variable are both set: a server's description comes from the server or from a file, not both"
  elif [ -n "$openapi_path" ]; then
    [[ "$openapi_path" =~ $openapi_path_rule ]] || fail "$path_variable must be a path below the API root such as /openapi.json: \"/\", then plain segments of letters, digits, \".\", \"_\", \"~\" or \"-\", no query (got \"$openapi_path\")"
    field=",\"openapi\":{\"source\":\"server\",\"path\":\"$openapi_path\"}"
  elif [ -n "$openapi_file" ]; then
    check_openapi_file "$file_variable" "$openapi_file"
    field=',"openapi":{"source":"file"}'
  fi
  openapi_fields+=("$field")
  openapi_files+=("${openapi_type:+$openapi_file}")
  openapi_types+=("$openapi_type")
done

api="$HOSTING_SERVICE_PATH/api/v1"
# A server's prefix, as HOSTING_SERVICE_PATH in the block (src/shared/hosting-servers.ts).
prefix_of() { if [ "$1" = default ]; then echo "$HOSTING_SERVICE_PATH"; else echo "servers/$1/$HOSTING_SERVICE_PATH"; fi; }
runtime=''
for index in "${!names[@]}"; do
  name="${names[$index]}"
  runtime+="${runtime:+,}{\"name\":\"$name\",\"apiBase\":\"/$(prefix_of "$name")/api/v1\",\"simulator\":false,\"demoKeys\":[]${openapi_fields[$index]}}"
done

# The template before the per-server block, with runtime.json naming the servers (names and
# prefixes only, as the Node servers say it).
sed '/^ *## per server$/,$d' "$template" | envsubst "$vars" \
  | sed "s|return 200 '{\"simulator\":false,\"demoKeys\":\[\]}';|return 200 '{\"simulator\":false,\"demoKeys\":[],\"servers\":[$runtime]}';|"

# The description files, as the Node servers answer /__panel/openapi/<name>
# (src/server/origin/openapi-answer.ts): the file byte for byte (nginx reads it at each request),
# never cached, never compressed, no range, no 304, with the page's headers (those the template
# sets for the whole server, repeated: a location with add_header inherits none); a path other
# than the exact one (say, with "..") and every other server's name is the 404 of
# location ^~ /__panel/.
page_headers="$(sed -n '/^    add_header /p' "$template" | head -n 5 | sed 's/^/    /')"
[ "$(grep -c 'add_header' <<< "$page_headers")" = 5 ] || fail "the template's page headers were not found"
has_file=0
for index in "${!names[@]}"; do
  [ -n "${openapi_files[$index]}" ] || continue
  has_file=1
  name="${names[$index]}"
  cat <<CONF

    # The OpenAPI description of server "$name" (HOSTING_OPENAPI_FILE${suffixes[$index]}).
    location = /__panel/openapi/$name {
        if (\$request_uri !~ "^/__panel/openapi/$name(?:\\?.*)?\$") {
            return 404;
        }
        if (\$request_method !~ "^(?:GET|HEAD)\$") {
            rewrite ^ /__panel/openapi-method-not-allowed last;
        }
        alias ${openapi_files[$index]};
        types { }
        default_type ${openapi_types[$index]};
        charset off;
        gzip off;
        gzip_static off;
        etag off;
        if_modified_since off;
        max_ranges 0;
        add_header Cache-Control "no-store" always;
$page_headers
    }
CONF
done
if [ "$has_file" = 1 ]; then
  cat <<CONF

    # Any method but GET and HEAD on a description file, as the Node servers answer it.
    location = /__panel/openapi-method-not-allowed {
        internal;
        types { }
        default_type text/plain;
        add_header Allow "GET, HEAD" always;
        add_header Cache-Control "no-store" always;
$page_headers
        return 405 "Method not allowed\n";
    }
CONF
fi

block="$(sed -n '/^ *## per server$/,/^ *## end per server$/p' "$template")"
has_default=0
for index in "${!names[@]}"; do
  name="${names[$index]}"
  ca="${ca_variables[$index]}"
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
