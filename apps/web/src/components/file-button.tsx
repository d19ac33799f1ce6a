import Button, { type ButtonProps } from '@mui/material/Button';
import { type DragEvent, useRef } from 'react';

interface FileButtonProps extends Omit<ButtonProps, 'onClick'> {
  onFile: (file: File) => void;
  /** The file types the chooser offers (the input's `accept`). */
  accept?: string;
  /** Names the hidden input for browser tests, which hand it files directly. */
  inputTestId?: string;
}

/** A button that opens the file chooser; the input itself stays hidden and out of the tab order. */
export function FileButton({ onFile, accept, inputTestId, ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        accept={accept}
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Emptied, so that choosing the same file again is a change again.
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button {...button} onClick={() => input.current?.click()} />
    </>
  );
}

/** An element files can be dropped on: the first one goes to `onFile`, and the browser never opens it. */
export function fileDropProps(onFile: (file: File) => void) {
  return {
    onDragOver: (e: DragEvent) => e.preventDefault(),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const file = e.dataTransfer.files[0];
      if (file) onFile(file);
    },
  };
}
