import { describe, expect, it } from 'vitest';
import { latestUnder, pathTo, versionsOf, type TreeNode } from './message-tree.ts';

//   q1 ─ a1 ─ q2
//      └ a1b ─ q3
//   q1b
const nodes: TreeNode[] = [
  { id: 'q1', parentId: null },
  { id: 'a1', parentId: 'q1' },
  { id: 'q2', parentId: 'a1' },
  { id: 'a1b', parentId: 'q1' },
  { id: 'q3', parentId: 'a1b' },
  { id: 'q1b', parentId: null },
];

describe('message tree', () => {
  it('finds the newest message under a version, itself included', () => {
    expect(latestUnder(nodes, 'a1')).toBe('q2');
    expect(latestUnder(nodes, 'q1')).toBe('q3');
    expect(latestUnder(nodes, 'q3')).toBe('q3');
    expect(latestUnder(nodes, null)).toBe('q1b');
    expect(latestUnder(nodes, 'nope')).toBeNull();
    expect(latestUnder([], null)).toBeNull();
  });

  it('walks from a first message down to a leaf', () => {
    expect(pathTo(nodes, 'q3')).toEqual(['q1', 'a1b', 'q3']);
    expect(pathTo(nodes, 'q1b')).toEqual(['q1b']);
    expect(pathTo(nodes, 'nope')).toEqual([]);
    expect(pathTo(nodes, null)).toEqual([]);
  });

  it('lists the versions of each message on a path that has more than one', () => {
    expect(versionsOf(nodes, ['q1', 'a1', 'q2'])).toEqual({
      q1: ['q1', 'q1b'],
      a1: ['a1', 'a1b'],
    });
    expect(versionsOf(nodes.slice(0, 3), ['q1', 'a1', 'q2'])).toEqual({});
  });
});
