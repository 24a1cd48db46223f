import type { SocialPlatform, Socials } from "~/content/schemas";

/** Display names, in the order every card shows its icons, so rows of cards line up. */
const platformLabels = {
  linkedin: "LinkedIn",
  github: "GitHub",
  x: "X",
  twitter: "Twitter",
  instagram: "Instagram",
  facebook: "Facebook",
  youtube: "YouTube",
  whatsapp: "WhatsApp",
  email: "Email",
  portfolio: "Portfolio",
} satisfies Record<SocialPlatform, string>;

const platforms = Object.keys(platformLabels) as SocialPlatform[];

interface SocialLink {
  platform: SocialPlatform;
  label: string;
  url: string;
}

/** The links a card may show: the data writes "" or "#" for "no link", and such an icon must not appear. */
export function realSocialLinks(socials: Socials): SocialLink[] {
  return platforms.flatMap((platform) => {
    const url = socials[platform]?.trim();
    return url && url !== "#" ? [{ platform, label: platformLabels[platform], url }] : [];
  });
}
