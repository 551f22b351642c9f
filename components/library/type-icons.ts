import {
  BookOpen,
  ClipboardList,
  FileText,
  GraduationCap,
  Layers,
  MessagesSquare,
  PlayCircle,
  type LucideIcon,
} from "lucide-react";
import type { ContentType } from "@/components/library/library-types";

/** The icon of each content type on the cards. */
export const TYPE_ICONS: Record<ContentType, LucideIcon> = {
  framework: Layers,
  script: MessagesSquare,
  template: ClipboardList,
  methodology: GraduationCap,
  case_study: FileText,
  book_chapter: BookOpen,
  video_link: PlayCircle,
};
