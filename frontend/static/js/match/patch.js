// RFC 6902 JSON Patch, applied to a copy: the caller's document is never half-changed.

export class PatchError extends Error {}

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function parsePointer(pointer) {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PatchError(`bad pointer ${pointer}`);
  return pointer.slice(1).split("/").map(unescape);
}

function arrayIndex(list, token, forAdd) {
  if (forAdd && token === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad index ${token}`);
  const index = Number(token);
  if (index > list.length || (!forAdd && index === list.length)) {
    throw new PatchError(`index ${token} out of range`);
  }
  return index;
}

function parentOf(doc, tokens) {
  let node = doc;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (node !== null && typeof node === "object" && Object.hasOwn(node, token)) node = node[token];
    else throw new PatchError(`missing path at ${token}`);
  }
  if (node === null || typeof node !== "object") throw new PatchError("parent is not a container");
  return node;
}

function get(doc, tokens) {
  if (tokens.length === 0) return doc;
  const parent = parentOf(doc, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false)];
  if (!Object.hasOwn(parent, last)) throw new PatchError(`missing ${last}`);
  return parent[last];
}

function remove(doc, tokens) {
  const parent = parentOf(doc, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, last, false), 1)[0];
  if (!Object.hasOwn(parent, last)) throw new PatchError(`missing ${last}`);
  const value = parent[last];
  delete parent[last];
  return value;
}

function add(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const parent = parentOf(doc, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else parent[last] = value;
  return doc;
}

function equal(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]));
  }
  return value;
}

/** The document after `ops`; throws PatchError (leaving `doc` untouched) if any op fails. */
export function applyPatch(doc, ops) {
  let result = structuredClone(doc);
  for (const op of ops) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add":
        result = add(result, path, structuredClone(op.value));
        break;
      case "remove":
        remove(result, path);
        break;
      case "replace":
        if (path.length === 0) result = structuredClone(op.value);
        else {
          remove(result, path);
          result = add(result, path, structuredClone(op.value));
        }
        break;
      case "move": {
        const value = remove(result, parsePointer(op.from));
        result = add(result, path, value);
        break;
      }
      case "copy":
        result = add(result, path, structuredClone(get(result, parsePointer(op.from))));
        break;
      case "test":
        if (!equal(get(result, path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown op ${op.op}`);
    }
  }
  return result;
}
