"""The card room server: lobby and tables over HTTP and a versioned WebSocket protocol
(docs/protocol.md), state kept as each table's event log (:mod:`bolola.store`)."""
