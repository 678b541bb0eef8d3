/**
 * The /gift page's explainer clip: its slides (drawn into the clip by scripts/make-gift-explainer.mjs)
 * are also the page's transcript and the clip's captions, so the words are written once.
 */
export const GIFT_EXPLAINER = {
  video: "/videos/gift-explainer.mp4",
  captions: "/videos/gift-explainer.en.vtt",
  posters: { 640: "/videos/gift-explainer-poster-640.webp", 1280: "/videos/gift-explainer-poster-1280.webp" },
  title: "How Hey Dad works, in 25 seconds",
  slides: [
    { icon: null, title: "Be there now. Be there forever.", text: "How Hey Dad works, in 25 seconds." },
    { icon: "Video", title: "He records a moment", text: "A video, a voice note or a story for each of your kids. Five minutes is enough." },
    { icon: "CalendarHeart", title: "He picks when it opens", text: "A birthday, their 18th, their wedding day, or right now." },
    { icon: "LockKeyhole", title: "It waits, safe and private", text: "Kept in his vault until the day it unlocks." },
    { icon: "Heart", title: "They hear from him when it matters", text: "His words, in his voice, right on time." },
    { icon: "Gift", title: "Give it in a minute", text: "Buy a gift code today. He redeems it when he signs up." },
  ],
} as const;
