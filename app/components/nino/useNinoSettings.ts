import { useCallback, useEffect, useState } from "react";
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_KEY, type NinoSettings } from "./session";

function loadSettings(): NinoSettings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Nino's settings (the child's name and age, voice, mute), kept on this device. */
export function useNinoSettings() {
  const [settings, setSettings] = useState<NinoSettings>(DEFAULT_SETTINGS);
  useEffect(() => setSettings(loadSettings()), []);
  const saveSettings = useCallback((next: NinoSettings) => {
    setSettings(next);
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
    } catch {
      // private mode: the settings last for this visit
    }
  }, []);
  return { settings, saveSettings };
}
