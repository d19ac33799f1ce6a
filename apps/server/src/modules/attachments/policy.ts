import { type AttachmentRights, itemTypes } from '@pc/shared';

const claimOf = (itemType: string | null) => (itemType ? itemTypes.find((t) => t.key === itemType)?.claim : undefined);

/**
 * Whether the caller may download an attachment they can see: the Read claim of its item's type,
 * or Document.ReadExtended (the documents screen), which also covers a file without an item.
 */
export function mayReadAttachment(claims: ReadonlySet<string>, itemType: string | null): boolean {
  const claim = claimOf(itemType);
  return (claim !== undefined && claims.has(`${claim}.Read`)) || claims.has('Document.ReadExtended');
}

/**
 * The caller's rights on an attachment they can see, sent with each one: deleting needs the Read
 * and Write claims of its item's type; a file without an item needs Document.ReadExtended.
 * Uploading is a right on the item (its `rights.write`, the same claims).
 */
export function attachmentRights(claims: ReadonlySet<string>, itemType: string | null): AttachmentRights {
  const claim = claimOf(itemType);
  return {
    delete: claim ? claims.has(`${claim}.Read`) && claims.has(`${claim}.Write`) : claims.has('Document.ReadExtended'),
  };
}
