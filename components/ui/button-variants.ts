import { cva } from "class-variance-authority";

// The button's look, apart from the Button component: a <button> or link that only needs the
// classes (the error boundaries, whose scripts are in every page's first download) then does not
// bring Radix's Slot along.
export const buttonVariants = cva(
  // Focus ring is explicit (not just the global outline) so it stays visible on coloured fills.
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600",
        outline: "border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50",
        secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200",
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        link: "text-brand-600 underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        lg: "h-11 rounded-md px-6",
        icon: "size-10",
        "icon-sm": "size-8",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
