import { Briefcase, Camera, Clapperboard, Compass, GraduationCap, HeartHandshake, Landmark, Lightbulb, type LucideIcon, PartyPopper, Sparkles, Sprout, Users } from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  users: Users,
  lightbulb: Lightbulb,
  briefcase: Briefcase,
  "graduation-cap": GraduationCap,
  sprout: Sprout,
  camera: Camera,
  "heart-handshake": HeartHandshake,
  clapperboard: Clapperboard,
  landmark: Landmark,
  compass: Compass,
  "party-popper": PartyPopper,
};

/** The icon a category names (from the library's reference data). */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Sparkles;
  return <Icon className={className} aria-hidden="true" />;
}
