// Float32 vectors <-> little-endian BLOBs, the chunk_vectors storage format. D1 may hand a
// BLOB back as an ArrayBuffer, a typed array, an array of byte values or (selected through
// hex()) a hex string; all decode the same.
import { hexToBytes } from '../../db'

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

export function vectorToBlob(vector: Float32Array): ArrayBuffer {
  if (IS_LITTLE_ENDIAN) return vector.slice().buffer
  const view = new DataView(new ArrayBuffer(vector.length * 4))
  vector.forEach((x, i) => view.setFloat32(i * 4, x, true))
  return view.buffer
}

function toBytes(blob: ArrayBuffer | ArrayBufferView | number[] | string): Uint8Array {
  if (typeof blob === 'string') return hexToBytes(blob)
  if (blob instanceof ArrayBuffer) return new Uint8Array(blob)
  if (ArrayBuffer.isView(blob)) return new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength)
  return Uint8Array.from(blob)
}

/** Decodes (a BLOB, or its hex() text) into `target` at `offset` or into a new array. */
export function blobToVector(
  blob: ArrayBuffer | ArrayBufferView | number[] | string,
  target?: { values: Float32Array; offset: number },
): Float32Array {
  const bytes = toBytes(blob)
  const length = Math.floor(bytes.byteLength / 4)
  const out = target
    ? target.values.subarray(target.offset, target.offset + length)
    : new Float32Array(length)
  if (IS_LITTLE_ENDIAN) {
    out.set(new Float32Array(bytes.slice(0, length * 4).buffer))
    return out
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < length; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}
