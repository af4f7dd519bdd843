/**
 * A conversation's messages as a tree, by id: which path is on screen and which versions each
 * message on it has. Nodes come in creation order, so a parent always comes before its children
 * (a reply is written after its question; a deleted message's children move up to its parent,
 * which is older still).
 */
export interface TreeNode {
  id: string;
  /** The message it follows; null for a first message. */
  parentId: string | null;
}

/**
 * The newest message in the subtree of `rootId` (itself included), or of the whole
 * conversation for null: the end of the path shown when that version is chosen. Null when
 * there is no such message.
 */
export function latestUnder(nodes: readonly TreeNode[], rootId: string | null): string | null {
  if (rootId === null) return nodes.at(-1)?.id ?? null;
  const inside = new Set<string>();
  let latest: string | null = null;
  for (const node of nodes) {
    if (node.id === rootId || (node.parentId !== null && inside.has(node.parentId))) {
      inside.add(node.id);
      latest = node.id;
    }
  }
  return latest;
}

/** The ids from a first message down to `leafId`; empty when it is not among the nodes. */
export function pathTo(nodes: readonly TreeNode[], leafId: string | null): string[] {
  const parents = new Map(nodes.map((n) => [n.id, n.parentId]));
  const path: string[] = [];
  let id: string | null = leafId;
  while (id !== null && parents.has(id)) {
    path.push(id);
    id = parents.get(id) ?? null;
  }
  return path.reverse();
}

/**
 * For each message on `path` that has siblings: its versions (it and its siblings), oldest
 * first. Messages without siblings are left out.
 */
export function versionsOf(
  nodes: readonly TreeNode[],
  path: readonly string[],
): Record<string, string[]> {
  const children = new Map<string | null, string[]>();
  for (const node of nodes) {
    const siblings = children.get(node.parentId);
    if (siblings) siblings.push(node.id);
    else children.set(node.parentId, [node.id]);
  }
  const parents = new Map(nodes.map((n) => [n.id, n.parentId]));
  const versions: Record<string, string[]> = {};
  for (const id of path) {
    const siblings = children.get(parents.get(id) ?? null) ?? [];
    if (siblings.length > 1) versions[id] = siblings;
  }
  return versions;
}
