#!/bin/bash
# A one-node Ceph cluster serving S3 on $S3_PORT (7480), its state in $S3_DATA (a volume).
# First start: the monitor, one BlueStore OSD in a sparse file of $S3_SIZE_GB (20) GB, the
# S3 user. Every start: that user's key is $S3_ACCESS_KEY / $S3_SECRET_KEY, and the buckets
# named in $S3_BUCKETS (space-separated) exist. The container stops when a daemon does, so its
# restart policy starts the whole cluster again.
set -euo pipefail
: "${S3_ACCESS_KEY:?set S3_ACCESS_KEY}" "${S3_SECRET_KEY:?set S3_SECRET_KEY}"
data="$S3_DATA"
conf="$data/ceph.conf"
c=(-c "$conf")

pids=()
stop() {
  [ ${#pids[@]} -gt 0 ] && kill -TERM "${pids[@]}" 2>/dev/null
  wait
  exit 0
}
trap stop TERM INT

# A first start cut short leaves no half-made cluster behind: without the mark it begins anew.
made="$data/.cluster-made"
if [ ! -e "$made" ]; then
  find "$data" -mindepth 1 -delete
  fsid="$(cat /proc/sys/kernel/random/uuid)"
  mkdir -p "$data"/{run,log,mon/a,osd/0,rgw}
  # As test/helpers/radosgw.ts, but objects on disk: no authentication inside the one-node
  # cluster (the gateway still checks every S3 signature), pools of one copy.
  cat >"$conf" <<CONF
[global]
fsid = $fsid
mon_host = v1:127.0.0.1:6789
ms_bind_msgr2 = false
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
auth_allow_insecure_global_id_reclaim = true
osd_objectstore = bluestore
bluestore_block_size = $(( ${S3_SIZE_GB:-20} * 1024 * 1024 * 1024 ))
osd_memory_target = 1073741824
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
osd_crush_chooseleaf_type = 0
osd_crush_update_on_start = false
osd_class_update_on_start = false
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 5
mon_data_avail_crit = 1
run_dir = $data/run
admin_socket = $data/run/\$name.asok
log_file = $data/log/\$name.log
pid_file = $data/run/\$name.pid
mon_data = $data/mon/\$id
osd_data = $data/osd/\$id
rgw_data = $data/rgw
CONF
  ceph-authtool --create-keyring "$data/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  monmaptool --create --add a v1:127.0.0.1:6789 --fsid "$fsid" "$data/monmap" >/dev/null
  ceph-mon "${c[@]}" --mkfs -i a --monmap "$data/monmap" --keyring "$data/keyring"
  ceph-mon "${c[@]}" -f -i a 2>>"$data/log/mon.stderr" & pids+=($!)
  osd_uuid="$(cat /proc/sys/kernel/random/uuid)"
  id="$(ceph "${c[@]}" --connect-timeout 60 osd new "$osd_uuid")"
  ceph "${c[@]}" osd crush add "osd.$id" 1.0 root=default >/dev/null
  ceph-osd "${c[@]}" -i "$id" --mkfs --osd-uuid "$osd_uuid" >"$data/log/osd-mkfs.log" 2>&1 ||
    { cat "$data/log/osd-mkfs.log" >&2; exit 1; }
  touch "$made"
  echo "s3-entrypoint: made a one-node Ceph cluster in $data"
else
  ceph-mon "${c[@]}" -f -i a 2>>"$data/log/mon.stderr" & pids+=($!)
fi
ceph-osd "${c[@]}" -f -i 0 2>>"$data/log/osd.stderr" & pids+=($!)
radosgw "${c[@]}" -f -n client.rgw --rgw-frontends "beast endpoint=0.0.0.0:$S3_PORT" \
  2>>"$data/log/rgw.stderr" & pids+=($!)

endpoint="http://127.0.0.1:$S3_PORT"
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "$endpoint" 2>/dev/null && break
  sleep 1
done
curl -fsS -o /dev/null "$endpoint" || { tail -n 5 "$data"/log/*.stderr >&2; exit 1; }

if radosgw-admin "${c[@]}" user info --uid=postroom >/dev/null 2>&1; then
  radosgw-admin "${c[@]}" key create --uid=postroom --key-type=s3 \
    --access-key="$S3_ACCESS_KEY" --secret-key="$S3_SECRET_KEY" >/dev/null
else
  radosgw-admin "${c[@]}" user create --uid=postroom --display-name=postroom \
    --access-key="$S3_ACCESS_KEY" --secret-key="$S3_SECRET_KEY" >/dev/null
fi
for bucket in ${S3_BUCKETS:-}; do
  # SigV4 as RGW checks it: curl signs the empty body's SHA-256 only when it is given.
  sig=(--aws-sigv4 "aws:amz:us-east-1:s3" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY"
    -H "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  if ! curl -fs -o /dev/null "${sig[@]}" -I "$endpoint/$bucket"; then
    curl -fsS -o /dev/null "${sig[@]}" -X PUT "$endpoint/$bucket"
  fi
done
echo "s3-entrypoint: serving S3 on :$S3_PORT (buckets: ${S3_BUCKETS:-none})"

# One daemon ending ends the container.
wait -n "${pids[@]}" || true
echo "s3-entrypoint: a Ceph daemon exited; stopping" >&2
tail -n 5 "$data"/log/*.stderr >&2 || true
kill -TERM "${pids[@]}" 2>/dev/null || true
wait
exit 1
