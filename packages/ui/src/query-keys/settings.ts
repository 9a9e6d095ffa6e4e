/** Keys of the settings anyone may read (product name, maintenance, feature switches). */
export const settingsKeys = {
  public: ['settings', 'public'] as const,
};
