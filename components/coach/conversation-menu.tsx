"use client";

import type { RefObject } from "react";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/**
 * A conversation's Rename/Delete menu. In its own chunk (conversation-item.tsx loads it): the
 * menu's positioning and roving focus are most of the conversation list's script, and the list
 * only shows once the conversations have been fetched, after the page's first download.
 */
export default function ConversationMenu({
  title,
  editingRef,
  onRename,
  onDelete,
}: {
  title: string;
  /** Set while the title is being edited: the menu must not pull focus back to its trigger. */
  editingRef: RefObject<boolean>;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Options for ${title}`} className="mr-1 shrink-0">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="min-w-36"
        // Rename moves focus into the title field; the menu must not pull it back to its trigger.
        onCloseAutoFocus={(e) => (editingRef.current ? e.preventDefault() : undefined)}
      >
        <DropdownMenuItem onSelect={onRename}>
          <Pencil aria-hidden="true" /> Rename
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 aria-hidden="true" /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
