import { ACTIONS, findTerm, SETTINGS } from "../../scene-vocabulary";
import { parseElement, Short, type Entity } from "../entities";
import { canHelp, HANDY } from "../fit";
import { feelings } from "../lines/feelings";
import { moves, sightsOf, done, add, beat } from "../lines/kit";
import { isActionStart, isStoryOfHow, type PremiseEvent } from "../premise";
import { speech, type Telling } from "../telling";
import { cap } from "../text";
import { placeOf, type Place } from "../worlds";

/**
 * Pages 3–5: the adventure begins (the parent's premise, or the world's way in), the child sets off
 * and meets the companion, and finds wonders on the way. What the premise has not told yet, and the
 * special elements not yet met, wait for the pages after.
 */
export function settingOff(t: Telling): void {
  const {
    h,
    n,
    g,
    tiny,
    rich,
    older,
    world,
    facts,
    cast,
    c,
    opener,
    introduced,

    laterEvents,
    leftovers,
    newPage,
    mention,
    time,
    crewWith,
    prepTo,
    travel,
    refrainLine,
    introLeftover,
  } = t;

  // ---------- 3: the adventure begins
  const ev0 = facts.events[0];
  const premiseStart = ev0 && isActionStart(ev0.verb) ? ev0 : undefined;
  const usedEvents = new Set<PremiseEvent>();
  let portalUsed = false;
  {
    const pg = newPage();
    let action: string;
    let place: Place = world.home;
    if (premiseStart) {
      const pred = t.told(premiseStart.pred);
      add(t, pg, [premiseStart.lead ? `${premiseStart.lead}, ${n} ${pred}.` : `${opener}, ${n} ${pred}.`], true);
      const next = facts.events[1];
      if (next && !tiny && /\b(it|them)\b/.test(next.pred)) {
        add(t, pg, [`Then ${h.he} ${t.told(next.pred)}.`, `${h.He} ${t.told(next.pred)}.`], true);
        usedEvents.add(next);
      }
      action = sceneActionFromPredicate(premiseStart);
      const where = findTerm(premiseStart.pred + " " + (premiseStart.lead ?? ""), SETTINGS);
      if (where && where !== world.home.setting) {
        place = [...world.journey, world.problemPlace].find((pl) => pl.setting === where) ?? {
          name: "",
          at: `in the ${SETTINGS[where][0]}`,
          setting: where,
          sights: [],
        };
      }
    } else {
      const portal = cast.portal!;
      portalUsed = true;
      if (portal.source === "world") cast.wayIn = portal;
      introduced.add(portal);
      beat(t, pg, world.portalLines(c, portal, opener));
      action = `discovers ${portal.the}`;
    }
    if (older && place === world.home && world.key !== "custom") add(t, pg, world.home.sights);
    if (!tiny) add(t, pg, beginning(t));
    if (rich) add(t, pg, setOffWords(t));
    if (older && place !== world.home) add(t, pg, feelings(t, "wonder", { place }));
    done(t, pg, { place, time: time(3), action, with: crewWith(), mood: "surprised" });
  }
  // an unused special portal joins the tries or the leftovers
  if (!portalUsed && cast.portal && cast.portal.source === "special" && !cast.tries.includes(cast.portal)) cast.leftovers.unshift(cast.portal);
  while (cast.tries.length < 2) {
    const filler = [...world.tools, ...HANDY[cast.problem.kind]]
      .map((tool) => parseElement(tool, h, "world")!)
      .find((tool) => canHelp(tool, cast.problem.kind) && !cast.tries.some((x) => x.the === tool.the));
    if (!filler) break;
    cast.tries.push(filler);
  }

  // what the premise has not told yet, and the special elements still to come, wait their turn
  laterEvents.push(...facts.events.filter((e) => e !== premiseStart && !usedEvents.has(e) && (isActionStart(e.verb) || isStoryOfHow(e.verb)) && e !== ev0));
  leftovers.push(...cast.leftovers);

  // ---------- 4: setting off, meeting the companion
  let p4Event: PremiseEvent | undefined;
  {
    const pg = newPage();
    const pl = world.journey[0];
    const ev = tiny ? undefined : laterEvents.shift();
    p4Event = ev;
    if (ev && !tiny) add(t, pg, [`Then ${h.he} ${t.told(ev.pred)}.`, `After that, ${n} ${t.told(ev.pred)}.`], true);
    // the parent's premise may have taken the child there already ("dives into a sparkling reef")
    const premiseWords = facts.events
      .map((e) => `${e.lead ?? ""} ${e.pred}`)
      .join(" ")
      .toLowerCase();
    const alreadyThere = premiseWords.includes(pl.name.replace(/^the /, "").toLowerCase());
    if (ev) {
      // the parent's own journey replaces ours
    } else if (alreadyThere && !tiny) {
      add(t, pg, [`${cap(pl.name)} was even more wonderful than ${n} had imagined.`, `${n} looked all around ${pl.name}, amazed.`], true);
    } else if (world.key === "space" && (portalUsed ? cast.portal?.fn === "ride" : true)) {
      add(
        t,
        pg,
        tiny
          ? [`Three, two, one... blast off!`]
          : [
              `"Three, two, one... blast off!" called ${n}, and up, up, up ${h.he} zoomed into the sky.`,
              `${n} pressed the big red button. With a rumble and a whoosh, ${h.he} zoomed up into the sky.`,
            ],
        !ev,
      );
    } else if (world.key === "ocean") {
      add(
        t,
        pg,
        tiny
          ? [refrainLine(pl.to ?? `${prepTo(pl)} ${pl.name}`)]
          : [`${n} took a deep breath and dived down, down, down to ${pl.name}.`, `Splash! Down swam ${n}, all the way to ${pl.name}.`],
        !ev,
      );
    } else {
      add(
        t,
        pg,
        tiny
          ? [refrainLine(pl.to ?? `${prepTo(pl)} ${pl.name}`)]
          : [
              `${n} ${travel()} off to ${pl.name}.`,
              `Off went ${n}, all the way to ${pl.name}.`,
              `${n} set off for ${pl.name} without looking back.`,
              `Before long, ${n} was on ${h.his} way to ${pl.name}.`,
            ],
        !ev,
      );
    }
    const metBefore = introduced.has(g);
    const meet = mention(g);
    if (metBefore)
      add(
        t,
        pg,
        tiny ? [`${cap(g.the)} came too.`] : [`${cap(g.the)} came along too, and ${n} was very glad.`, `${cap(g.the)} stayed close by ${h.his} side.`],
        true,
      );
    else
      add(
        t,
        pg,
        tiny
          ? [`${n} met ${meet}.`, `Hello, ${meet}!`, `Along came ${meet}.`]
          : [
              `There, ${n} met ${meet}.`,
              `Waiting there was ${meet}.`,
              `It was there that ${n} met ${meet}.`,
              `In ${pl.name}, ${n} met ${meet}.`,
              `Who should be waiting there but ${meet}!`,
            ],
        true,
      );
    if (rich && g.speaks && !metBefore) add(t, pg, greetings(t, pl));
    if (facts.pet && !tiny) add(t, pg, petComes(facts.pet));
    if (rich) add(t, pg, sightsOf(t, pl, pg));
    if (older) add(t, pg, feelings(t, "wonder", { place: pl }));
    done(t, pg, { place: pl, time: time(4), action: `meets ${g.label}`, with: crewWith(), mood: "curious" });
  }

  // ---------- 5: wonders on the way
  let page5Place = world.journey[1] ?? world.journey[0];
  {
    const pg = newPage();
    const placeElement = leftovers.find((e) => e.kind === "place");
    if (placeElement) {
      page5Place = placeOf(placeElement, world.journey[0].setting);
      leftovers.splice(leftovers.indexOf(placeElement), 1);
      const a = mention(placeElement);
      add(t, pg, tiny ? [refrainLine(`to ${a}`)] : [`Together they ${travel()} on until they came to ${a}.`, `On they went, all the way to ${a}.`], true);
    } else if (p4Event && p4Event.pred.toLowerCase().includes(page5Place.name.replace(/^the /, "").toLowerCase())) {
      add(
        t,
        pg,
        tiny
          ? [`Look at ${page5Place.name}!`]
          : [`${cap(page5Place.name)} was even more wonderful up close.`, `They spent a long time exploring ${page5Place.name}.`],
        true,
      );
    } else {
      const pl = page5Place;
      add(
        t,
        pg,
        tiny
          ? [refrainLine(pl.to ?? `${prepTo(pl)} ${pl.name}`)]
          : [
              `Together, ${n} and ${g.the} ${travel()} on to ${pl.name}.`,
              `On and on went ${n}, until ${h.he} reached ${pl.name}.`,
              `${cap(g.the)} led the way to ${pl.name}.`,
              `Next, ${g.the} took ${n} to ${pl.name}.`,
            ],
        true,
      );
    }
    const ev = laterEvents.shift();
    if (ev && !tiny) add(t, pg, [`On the way, ${n} ${t.told(ev.pred)}.`, `Along the way, ${n} ${t.told(ev.pred)}.`], true);
    if (tiny) add(t, pg, page5Place.details ? sightsOf(t, page5Place, pg) : [`Wow! So pretty!`, `Ooh! What a place!`, `Look at that!`, ...page5Place.sights]);
    else add(t, pg, sightsOf(t, page5Place, pg), true);
    if (!tiny) introLeftover(pg);
    if (rich) add(t, pg, sightsOf(t, page5Place, pg));
    if (older) add(t, pg, feelings(t, "wonder", { place: page5Place }));
    done(t, pg, { place: page5Place, time: time(5), action: `explores with ${g.label}`, with: crewWith(), mood: "happy" });
  }
}

/** A scene action from the premise's first predicate: "found a glowing map in the attic" -> "finds a glowing map in the attic". */
function sceneActionFromPredicate(ev: PremiseEvent): string {
  const rest = ev.pred.split(" ").slice(1).join(" ");
  const base = ev.verb.toLowerCase();
  const third =
    base === "go"
      ? "goes"
      : base === "be"
        ? "is"
        : base === "have"
          ? "has"
          : /(s|sh|ch|x|z|o)$/.test(base)
            ? `${base}es`
            : /[^aeiou]y$/.test(base)
              ? `${base.slice(0, -1)}ies`
              : `${base}s`;
  // the illustrator needs the action, not the whole plot: stop at a purpose or relative clause
  const brief = rest
    .split(/ (?:to|who|which|that|where|because|so) /)[0]
    .split(" ")
    .slice(0, 12)
    .join(" ");
  const phrase = `${third} ${brief}`.trim().replace(/[,;]$/, "");
  return findTerm(phrase, ACTIONS) === undefined || !Object.values(ACTIONS).some((ws) => (ws as readonly string[]).includes(third))
    ? `sets off and ${phrase}`
    : phrase;
}

/** how the adventure gets going, past the toddler years */
function beginning(t: Telling): string[] {
  const { n, h, family, world, facts } = t;
  const young = t.band === "young";
  const first = world.journey[0].name;
  return [
    `It was the start of a big ${world.themeWord}!`,
    `Somewhere out there, ${first} was waiting for ${n}.`,
    `And that was how the ${world.themeWord} in ${first} began.`,
    ...(t.laterEvents.length || t.facts.events.length ? [] : [`Nobody had told ${n} about ${first} yet, but ${h.he} ${h.was} about to find out.`]),
    ...(family
      ? [young ? `"I'll be back for tea!" called ${n} to ${family}.` : `"Back by teatime!" called ${n} to ${family}, already halfway out of the door.`]
      : []),
    ...(facts.pet ? [`${Short(facts.pet)} was ready to go, too.`] : []),
    ...(young
      ? [
          `${n} pulled on ${h.his} shoes and set off for ${first}.`,
          ...(t.cast.portal && t.introduced.has(t.cast.portal) ? [`${n} held ${t.cast.portal.the} tight, and ${h.his} heart went thump, thump, thump.`] : []),
        ]
      : [
          `Something told ${n} that ${first} was only the beginning.`,
          `${n} grabbed ${h.his} coat, then ${h.his} hat, then changed ${h.his} mind about the hat, because ${first} was waiting.`,
        ]),
  ];
}

/** the child's words as they set off (readers of seven and up) */
function setOffWords(t: Telling): string[] {
  const { n, facts, cast } = t;
  const portal = cast.portal && t.introduced.has(cast.portal) ? cast.portal.the : undefined;
  return [
    ...(portal
      ? [
          speech(n, `I wonder where ${portal} will take me`, "whispered"),
          `${n} couldn't stop smiling at ${portal}.`,
          `${n} held ${portal} tight and took a deep breath.`,
          ...(t.family ? [`${n} wished ${t.family} could see ${portal}.`] : []),
        ]
      : []),
    ...(facts.pet ? [`"Are you coming?" asked ${n}, and ${facts.pet.the} was already at the door.`] : []),
  ];
}

/** the companion's hello (one who can talk, met for the first time) */
function greetings(t: Telling, pl: Place): string[] {
  const { n, g } = t;
  return [
    `"Welcome to ${pl.name}!" said ${g.the}.`,
    g.named ? `"I'm ${g.the}, and I know every corner of ${pl.name}," said the ${g.head}.` : `"I know every corner of ${pl.name}," said ${g.the}.`,
    `"Going somewhere exciting?" asked ${g.the}.`,
    `"Can I come too?" asked ${g.the}, bouncing on the spot.`,
    `"I've been hoping someone like you would come along," said ${g.the}.`,
    `"Hello, ${n}!" said ${g.the}, as if they were old friends.`,
    `"Nobody has visited ${pl.name} for ages," said ${g.the}.`,
  ];
}

/** the pet comes along, as the animal it is */
function petComes(pet: Entity): string[] {
  const P = Short(pet);
  if (/fish|goldfish/.test(pet.head)) return [`${P} came too, swimming round and round in a jar of water.`];
  if (/bird|budgie|parrot|canary|cockatiel/.test(pet.head)) return [`${P} came too, perched on a shoulder.`, `${P} fluttered along, too.`];
  if (/hamster|mouse|gerbil|rat|guinea/.test(pet.head)) return [`${P} came too, tucked in a pocket.`, `${P} peeped out of a pocket, ready to go.`];
  return [`${P} came too, of course.`, `${P} ${moves(pet)} along, too.`, `${P} came too, nose first.`];
}
