// The GameView's frames: base64(gzip(JSON)) chunks, kept up to date from the kernel's messages.

// Apply a "chunks" message to the model's _chunks list, in place and once (seq).
// A message that would leave a gap (one was missed) asks the kernel for the whole list.
export function applyChunks(model, msg) {
  const cs = model.get("_chunks");
  if (!Array.isArray(cs) || !msg || typeof msg.start !== "number" || !Array.isArray(msg.chunks)) return false;
  if (typeof msg.seq === "number" && (cs.hlSeq || 0) >= msg.seq) return false;
  if (msg.start > cs.length) {
    try { model.send({ type: "resync" }); } catch (e) { /* no kernel: keep what there is */ }
    return false;
  }
  cs.splice(Math.max(0, msg.start), cs.length, ...msg.chunks);
  if (typeof msg.seq === "number") cs.hlSeq = msg.seq;
  return true;
}

export async function gunzipBase64(b64) {
  let bytes;
  if (typeof Uint8Array.fromBase64 === "function") bytes = Uint8Array.fromBase64(b64);
  else {
    const bin = atob(b64);
    bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  }
  // write the bytes straight into the stream (a Blob's stream goes through the browser
  // process, and each hop lets other tasks run first)
  const ds = new DecompressionStream("gzip");
  const writer = ds.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return await new Response(ds.readable).text();
}

// Read a model's base64(gzip(JSON)) value: with the host's synchronous inflate when it gives
// one (hotellab's JupyterLab extension does: drawn at once), else with DecompressionStream.
export async function readPacked(model, text) {
  const inflate = model.get("_inflate");
  return JSON.parse(typeof inflate === "function" ? inflate(text) : await gunzipBase64(text));
}
