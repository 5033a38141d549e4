import { useCallback, useEffect, useRef, useState } from "react";
import { serverFrameSchema, type ClientFrame, type ServerFrame } from "~/domain/nino/protocol";
import type { ChatMessage, Emotion, FlowType, StoryData } from "~/domain/nino/types";
import { backoffMs, loadSessionId, socketUrl } from "./session";

/**
 * The panel's line to its conversation's Durable Object: a WebSocket at /api/nino/{sessionId}. It
 * says hello (who is talking, on which page), shows the history the object answers with (a reload
 * continues the conversation), parses every frame with the shared protocol, and reconnects with
 * backoff when the line drops.
 */
export type LinkState = "connecting" | "open" | "reconnecting";

/** A message as the panel shows it: the stored chat message, plus quick replies and local notices. */
export interface PanelMessage extends ChatMessage {
  suggestions?: string[];
  /** said by the panel itself (a voice prompt, a notice), not stored in the conversation */
  local?: boolean;
}

export interface NinoHandlers {
  onNinoMessage?: (m: PanelMessage) => void;
  onStoryComplete?: (data: StoryData) => void;
  onVoiceEnd?: (message: string) => void;
  onServerError?: (message: string) => void;
}

export interface NinoConnection {
  link: LinkState;
  /** how many reconnections failed in a row (kind words after a few) */
  failures: number;
  messages: PanelMessage[];
  thinking: boolean;
  typing: boolean;
  childName: string;
  flow: FlowType | null;
  step: string | null;
  storyData: Partial<StoryData>;
  /** sends a frame; false when the line is down */
  send: (frame: ClientFrame) => boolean;
  /** asks for the conversation again and resolves with the story data collected so far */
  refresh: () => Promise<Partial<StoryData>>;
  /** adds a message said by the panel itself */
  addLocal: (content: string, emotion: Emotion) => void;
}

const MAX_LOCAL_ID = 1e9;

export function useNinoConnection(options: { active: boolean; childName: string; age: number | null; page: string; handlers: NinoHandlers }): NinoConnection {
  const { active, childName, age, page } = options;
  const handlers = useRef(options.handlers);
  handlers.current = options.handlers;
  const hello = useRef({ childName, age, page });
  hello.current = { childName, age, page };

  const [link, setLink] = useState<LinkState>("connecting");
  const [failures, setFailures] = useState(0);
  const [messages, setMessages] = useState<PanelMessage[]>([]);
  const [thinking, setThinking] = useState(false);
  const [typing, setTyping] = useState(false);
  const [serverName, setServerName] = useState("");
  const [flow, setFlow] = useState<FlowType | null>(null);
  const [step, setStep] = useState<string | null>(null);
  const [storyData, setStoryData] = useState<Partial<StoryData>>({});
  const socket = useRef<WebSocket | null>(null);
  const storyRef = useRef<Partial<StoryData>>({});
  const waiting = useRef<((data: Partial<StoryData>) => void)[]>([]);

  const sendHello = useCallback((ws: WebSocket) => {
    const h = hello.current;
    const frame: ClientFrame = { type: "hello", page: h.page.slice(0, 200), utcOffsetMinutes: -new Date().getTimezoneOffset() };
    if (h.childName.trim()) frame.childName = h.childName.trim().slice(0, 40);
    if (h.age) frame.age = h.age;
    ws.send(JSON.stringify(frame));
  }, []);

  const onFrame = useCallback((frame: ServerFrame) => {
    switch (frame.type) {
      case "history":
        setMessages((prev) => [...frame.messages, ...prev.filter((m) => m.local && !frame.messages.some((s) => s.id === m.id))]);
        setServerName(frame.childName);
        setFlow(frame.flow);
        setStep(frame.step);
        setStoryData(frame.storyData);
        storyRef.current = frame.storyData;
        for (const resolve of waiting.current.splice(0)) resolve(frame.storyData);
        return;
      case "nino_message": {
        const message: PanelMessage = {
          id: frame.id,
          type: "nino",
          content: frame.content,
          emotion: frame.emotion,
          timestamp: frame.timestamp,
          suggestions: frame.suggestions,
        };
        setMessages((prev) => (prev.some((m) => m.id === frame.id) ? prev : [...prev, message]));
        setFlow(frame.flow);
        setStep(frame.step);
        setTyping(false);
        handlers.current.onNinoMessage?.(message);
        return;
      }
      case "user_message":
        setMessages((prev) => (prev.some((m) => m.id === frame.message.id) ? prev : [...prev, frame.message]));
        return;
      case "typing":
        setTyping(frame.on);
        return;
      case "status":
        setThinking(frame.status === "thinking");
        if (frame.status === "idle") setTyping(false);
        return;
      case "story_complete":
        setStoryData(frame.storyData);
        storyRef.current = frame.storyData;
        handlers.current.onStoryComplete?.(frame.storyData);
        return;
      case "voice_end":
        handlers.current.onVoiceEnd?.(frame.message);
        return;
      case "error":
        handlers.current.onServerError?.(frame.message);
        return;
      case "pong":
        return;
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sessionId = loadSessionId(typeof localStorage === "undefined" ? null : localStorage);

    const connect = () => {
      if (closed) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(socketUrl(window.location, sessionId));
      } catch {
        schedule();
        return;
      }
      socket.current = ws;
      ws.addEventListener("open", () => {
        attempt = 0;
        setFailures(0);
        setLink("open");
        sendHello(ws);
      });
      ws.addEventListener("message", (event) => {
        if (typeof event.data !== "string") return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          return;
        }
        const parsed = serverFrameSchema.safeParse(json);
        if (parsed.success) onFrame(parsed.data);
        else console.warn("Nino: a frame we do not understand", parsed.error.issues[0]?.message);
      });
      ws.addEventListener("close", () => {
        if (socket.current === ws) socket.current = null;
        setThinking(false);
        setTyping(false);
        schedule();
      });
    };

    const schedule = () => {
      if (closed) return;
      setLink("reconnecting");
      setFailures(attempt);
      timer = setTimeout(connect, backoffMs(attempt, Math.random()));
      attempt += 1;
    };

    // Coming back online reconnects at once.
    const online = () => {
      if (socket.current || closed) return;
      clearTimeout(timer);
      attempt = 0;
      connect();
    };
    window.addEventListener("online", online);
    setLink("connecting");
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      window.removeEventListener("online", online);
      socket.current?.close(1000, "panel closed");
      socket.current = null;
    };
  }, [active, onFrame, sendHello]);

  // A change of name or age in the settings is told to Nino straight away.
  useEffect(() => {
    const ws = socket.current;
    if (ws && ws.readyState === WebSocket.OPEN) sendHello(ws);
  }, [childName, age, sendHello]);

  const send = useCallback((frame: ClientFrame) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    if (frame.type === "user_message") setThinking(true);
    return true;
  }, []);

  const refresh = useCallback(() => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.resolve(storyRef.current);
    return new Promise<Partial<StoryData>>((resolve) => {
      const done = (data: Partial<StoryData>) => {
        clearTimeout(timer);
        resolve(data);
      };
      // A slow line does not hold the child back: after 3 s, what we already know.
      const timer = setTimeout(() => {
        waiting.current = waiting.current.filter((w) => w !== done);
        resolve(storyRef.current);
      }, 3000);
      waiting.current.push(done);
      sendHello(ws);
    });
  }, [sendHello]);

  const addLocal = useCallback((content: string, emotion: Emotion) => {
    const id = `local-${Date.now()}-${Math.floor(Math.random() * MAX_LOCAL_ID)}`;
    setMessages((prev) => [...prev, { id, type: "nino", content, emotion, timestamp: new Date().toISOString(), local: true }]);
  }, []);

  return {
    link,
    failures,
    messages,
    thinking,
    typing,
    // The name set in the settings wins; otherwise the one Nino knows.
    childName: childName.trim() || serverName || "Friend",
    flow,
    step,
    storyData,
    send,
    refresh,
    addLocal,
  };
}
