import { describe, expect, it } from 'vitest';
import { fileTextPart, readFileTextPart } from './chat-file-part.ts';

describe('a text file inlined into a prompt', () => {
  it('names the file and fences its contents', () => {
    expect(fileTextPart('notes.md', '# Title\nbody')).toBe(
      'Attached file: notes.md\n```\n# Title\nbody\n```',
    );
  });

  it('uses a fence longer than any the file holds, so the file cannot end it early', () => {
    const text = 'before\n```js\ncode\n```\nafter';
    const part = fileTextPart('README.md', text);
    expect(part.split('\n')[1]).toBe('````');
    expect(readFileTextPart(part)).toEqual({ name: 'README.md', text });
  });

  it('keeps a file name on one line', () => {
    expect(fileTextPart('a\nb.txt', 'x').split('\n')[0]).toBe('Attached file: a b.txt');
  });

  it('reads back only parts it wrote', () => {
    expect(readFileTextPart(fileTextPart('a.json', '{"a":1}'))).toEqual({
      name: 'a.json',
      text: '{"a":1}',
    });
    expect(readFileTextPart('Attached file: a.txt but no fence')).toBeNull();
    expect(readFileTextPart('Just a question')).toBeNull();
  });
});
