"""The Lua scripts the cluster runs on Redis (:mod:`bolola.server.cluster`): each one
reads and writes its keys in one step, which separate commands from several processes
could not."""

# Take a table whose owner is gone (its alive key expired): only if it still names it.
STEAL = """
local v = redis.call('GET', KEYS[1])
if (not v) or v == ARGV[2] then redis.call('SET', KEYS[1], ARGV[1]) return 1 end
return 0
"""
# KEYS: ``SINCE``, then alive keys; ARGV: the lease in ms. Marks when Redis began serving
# the room if nothing has yet. Returns 1 if that was less than a lease ago (Redis's clock
# stepped back counts as not), then for each process 1 if it is alive or not to be taken
# for dead yet (within that lease), else 0.
ALIVE_OF = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local since = tonumber(redis.call('GET', KEYS[1]))
if not since then
  since = now
  redis.call('SET', KEYS[1], now)
end
local young = now >= since and now - since < tonumber(ARGV[1])
local out = {young and 1 or 0}
for i = 2, #KEYS do
  if young or redis.call('EXISTS', KEYS[i]) == 1 then out[i] = 1 else out[i] = 0 end
end
return out
"""
# KEYS: this process's alive key; ARGV: this run's nonce, the lease in ms. Alive for a
# lease, unless the key holds another run's nonce: {1, 0} if so, else {0, the ms that key
# has left (-1: it never expires)}.
SAY_ALIVE = """
local v = redis.call('GET', KEYS[1])
if v and v ~= ARGV[1] then return {0, redis.call('PTTL', KEYS[1])} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, 0}
"""
# KEYS: an alive key; ARGV: a run's nonce. Deleted only if it is that run's.
FORGET = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
# A token bucket in a hash (tokens, when), on Redis's clock; 1 if a token was taken.
TAKE = """
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(v[1]) or burst, tonumber(v[2]) or now
tokens = math.min(burst, tokens + (now - at) * rate)
local ok = 0
if tokens >= 1 then tokens = tokens - 1 ok = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return ok
"""
# KEYS: the tables' owner keys, then this process's set of tables; ARGV: this process,
# then the tables. Each owner key deleted only if it still names this process.
RELEASE = """
local mine = KEYS[#KEYS]
local released = 0
for i = 1, #KEYS - 1 do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    released = released + redis.call('DEL', KEYS[i])
  end
  redis.call('SREM', mine, ARGV[i + 1])
end
return released
"""
