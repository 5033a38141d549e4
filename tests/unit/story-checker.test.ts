import { describe, expect, it } from "vitest";
import { checkBook, type CheckedCharacter, type CheckedPage, type FindingRule } from "~/domain/story/checker";
import { WELL_WRITTEN_BOOKS } from "../fixtures/books/well-written";

// One cast for every case: the hero Mia (she), her friends and pets, a robot that is an "it".
const MIA: CheckedCharacter = { name: "Mia", kind: "person", pronoun: "she" };
const CAST: CheckedCharacter[] = [
  { name: "Zoe", kind: "person", pronoun: "she" },
  { name: "Leo", kind: "person", pronoun: "he" },
  { name: "Aarav", kind: "person", pronoun: "he" },
  { name: "Sam", kind: "person", pronoun: "they" },
  { name: "Pepper", kind: "animal", pronoun: "she" },
  { name: "Tuffin", kind: "animal", pronoun: "he" },
  { name: "Pip", kind: "animal", pronoun: "he" },
  { name: "Bolt", kind: "thing", pronoun: "it" },
];

/** A case: one page of text, several pages, or pages with the place the writer knows. */
type Case = string | (string | CheckedPage)[];
const pagesOf = (c: Case): CheckedPage[] => (typeof c === "string" ? [c] : c).map((p) => (typeof p === "string" ? { text: p } : p));
const check = (c: Case) => checkBook({ pages: pagesOf(c), hero: MIA, characters: CAST });
const onMoon = (text: string): CheckedPage => ({ text, place: "on the moon" });
const underSea = (text: string): CheckedPage => ({ text, place: "under the sea" });
const frame = (text: string): CheckedPage => ({ text, frame: true });

// Each rule: sentences a reader would stop at, and good children's prose that must pass untouched.
const CASES: Record<FindingRule, { flagged: Case[]; fine: Case[] }> = {
  article: {
    flagged: [
      "Mia was a eight-year-old girl with a big laugh.",
      "She found an unicorn in the garden.",
      "It took a hour to reach the top of the hill.",
      "Leo met an one-eyed pirate on the pier.",
      "A owl hooted from the old oak tree.",
      "Zoe ate a apple under the tree.",
      "There was an huge puddle by the gate.",
      "Grandma gave Leo a 8-piece puzzle.",
      "Leo was a 11-year-old boy who loved trains.",
      "Mia needed a X-ray after she fell.",
      "“A elephant!” shouted Leo.",
      "Leo played an ukulele by the fire.",
      "They met an European stork on the roof.",
      "It was a honest mistake.",
    ],
    fine: [
      "Mia found a unicorn in the garden.",
      "It took an hour to get there.",
      "Leo met a one-eyed pirate and an honest knight.",
      "A European stork landed on the roof.",
      "Leo played a ukulele while Zoe sang.",
      "Mia drew an 8 in the sand.",
      "Leo was an 11-year-old boy who loved trains.",
      "Mia needed an X-ray after she fell.",
      "Dad made a U-turn at the end of the road.",
      "Mia wrote A and B on the board.",
      "Plan A was a big success.",
      "It was a historic day, and an historic one for the town.",
      "He wore a uniform and a once-in-a-lifetime grin.",
      "Zoe had an idea, an orange and a useful map.",
      "A year later, a UFO landed in an 80-acre field with a 100-piece band.",
      "Mia ate an egg, a euro's worth of sweets and an eighth of the cake.",
    ],
  },
  "doubled-name": {
    flagged: [
      "Everyone joined in: Pepper and Pepper.",
      "Zoe, Leo and Zoe ran to the gate.",
      "Mia went to the park with Pip and Pip.",
      "Grandma and Grandma baked a cake.",
      "Leo and Leo laughed together.",
      "Mia, Mia and Zoe built a den.",
      "Uncle Raj and Uncle Raj waved from the car.",
      "Bolt or Bolt would know the answer.",
      "Mia & Mia shared the last biscuit.",
      "Then Pepper and Pepper curled up by the fire.",
      "“Look,” said Zoe Zoe.",
      "Tuffin, Leo, and Tuffin sat down to rest.",
    ],
    fine: [
      "Mia and Zoe ran to the gate.",
      "Leo and Leo's dad came too.",
      "Round and round went the wheel.",
      "“Pepper! Pepper!” called Mia.",
      "“Knock, knock,” said Leo.",
      "Again and again, the waves rolled in.",
      "Mia, Leo and Zoe built a den.",
      "Uncle Raj and Uncle Sam waved from the car.",
      "Grandma and Grandpa baked a cake.",
      "Very, very slowly, the door opened.",
      "Mia hugged Zoe, and Zoe hugged Mia.",
      "Leo tickled Pip and Pip giggled.",
      "Pepper, the dog, wagged her tail.",
      "“Ding, dong!” went the bell.",
      "Mia and Pepper and Leo ran all the way home.",
    ],
  },
  pronoun: {
    flagged: [
      "Dada did its very best to fix the robot.",
      "Zoe did his best to climb the tree.",
      "Aarav shook her head and laughed.",
      "Pepper wagged his tail at the postman.",
      "Leo crossed her fingers and hoped.",
      "Mia held his breath as the rocket took off.",
      "Grandma rubbed his eyes and yawned.",
      "Zoe made his way to the front of the class.",
      "Leo smiled to herself.",
      "She nodded his head slowly.",
      "Zoe ate some of the strawberries… It was delicious.",
      "Mum tried its hardest not to laugh.",
      "Sam scratched his head.",
      "Aarav was very proud of herself.",
      "Everyone shared the pancakes, and it tasted better than ever.",
      "Dada laughed. It hugged Zoe.",
    ],
    fine: [
      "Zoe did her best to climb the tree.",
      "Aarav shook his head and laughed.",
      "Pepper wagged her tail at the postman.",
      "Zoe and Leo did their best.",
      "The fox wagged its tail.",
      "Leo sat very still while Mia scratched his head.",
      "Grandma held her breath.",
      "Dada did his very best to fix the robot.",
      "Mia told Leo to help himself.",
      "Zoe asked him to be proud of himself.",
      "Mia picked some strawberries and ate one. It was delicious.",
      "They ate the cake and some grapes. It was delicious.",
      "Leo looked at the stars. It was lovely.",
      "Sam did their best, and Mia found her way home.",
      "Zoe smiled to herself, and Leo was proud of himself.",
      "Pepper licked her lips and rolled over.",
      "Everyone shared the cake, and it tasted better than ever.",
      "Grandma looked at the clock. It said six o'clock.",
    ],
  },
  place: {
    flagged: [
      [onMoon("Mia rested in the shade for a while.")],
      "On the moon, a cool breeze ruffled the flags.",
      "In space, the birds sang sweetly.",
      "They landed on the moon. Flowers grew between the craters.",
      "Deep under the sea, the wind whistled through the coral.",
      "At the bottom of the ocean, they sat round a campfire.",
      "Under the sea, Mia stayed perfectly dry.",
      "In her bedroom, the rain fell on her as she read.",
      "In the kitchen, the sun beat down on them.",
      "On the moon, the sky turned pink, then orange.",
      "Zoe ran across the grass on the moon.",
      "They floated in space, breathing the fresh air.",
      [underSea("Birds flew high above them.")],
      "Inside the volcano, snowflakes drifted down.",
      "Mia flew to the moon. Rain splashed on her helmet.",
      "Mia loved the moon, and now she was in space. Rain fell all around.",
    ],
    fine: [
      "On the moon, there was no wind at all.",
      "Mia looked up at the moon and felt a cool breeze.",
      "Under the sea, fish darted through the coral.",
      "Mia said goodbye to the moon and flew home. Birds sang in the garden.",
      "The landing on the moon was a breeze.",
      "In the kitchen, rain pattered on the window.",
      "On the moon, the rocks looked like giant flowers.",
      "Mia was over the moon with her new kite, which danced in the wind.",
      "Under the sea, Mia dreamed of rain.",
      "On the moon, Mia planted a paper flower.",
      "In space, Mia missed the trees at home.",
      "They rested in the shade of a big oak tree in the park.",
      "In her bedroom, Mia read a book about the wind.",
      "The moon-flowers glowed softly on the moon.",
      [underSea("The whale sang a song."), "Back on the beach, the wind blew and the birds sang."],
      [onMoon("Mia bounced over the craters."), "A cool breeze blew through the garden."],
      "Mia loved stars, planets and everything up in space. On a rainy day, her toys came alive.",
    ],
  },
  "two-places": {
    flagged: [
      ["Mia hugged Pepper goodbye and set off.", "At the end of the day, Mia walked home with Pepper."],
      ["Mia hugged Pepper goodbye and set off for the moon.", "On the moon, Mia and Pepper bounced over the craters."],
      ["“Goodbye, Tuffin!” called Mia, and off she went.", "Tuffin laughed and flew beside her."],
      ["Leo stayed at home with Grandma.", "Mia ran to the park. Leo kicked the ball to her."],
      ["Mia waved goodbye to the fox and walked on.", "The fox trotted along beside Mia."],
      ["Mia said goodbye to Zoe at the gate.", "Then she climbed aboard the train with Zoe."],
      ["Mia left Pepper at home.", "At the beach, Pepper dug a hole in the sand."],
      ["Grandma went home after lunch.", "Mia and Grandma fed the ducks."],
      ["Tuffin flew away into the sky.", "“Wait for me!” said Tuffin."],
      ["Mia hugged Dada goodbye at the door and set off.", "Dada helped her climb the big hill."],
      ["Mia kissed Zoe goodbye. Then she set off across the field.", "Zoe giggled as they crossed the stream."],
      ["“Bye, Pip!” said Mia, and she ran down the path.", "Pip hopped along behind her."],
      "Mia hugged Pepper goodbye and set off. Pepper trotted along beside her.",
    ],
    fine: [
      ["Mia waved goodbye to the fox.", "The fox came back the next morning."],
      "Mia waved goodbye to the fox. The fox came back the next morning.",
      ["Mia hugged Pepper goodbye and set off.", "Back at home, Pepper wagged her tail."],
      ["Leo stayed at home.", "Mia played in the park all day.", "When Mia got home, Leo was waiting at the door."],
      "Mia hugged Grandma goodbye, and Grandma kissed her cheek.",
      "Mia hugged Pepper goodbye. Pepper licked her nose. Then Mia set off.",
      ["Mia said goodbye to Zoe and set off.", "Mia missed Zoe already."],
      ["Tuffin flew away.", "Mia met Tuffin again by the river.", "Tuffin laughed."],
      ["Mia said goodbye to Mum and set off for school.", "At home time, Mum was waiting at the gate."],
      ["Mia waved goodbye to everyone and set off.", "Everyone cheered."],
      ["Mia hugged Leo goodbye and set off.", "Mia thought about Leo and smiled."],
      ["Mia and Pepper said goodbye to the owl.", "Mia and Pepper walked on together."],
      ["“Goodbye, Tuffin!” called Mia. She ran all the way home.", "That night, Mia told Grandma about Tuffin."],
      ["Grandma stayed at home.", "Mia went to the zoo.", "Back home, Grandma made cocoa."],
      ["Mia waved goodbye to Zoe.", "The next day, Zoe came to play."],
      ["Leo waved goodbye to Mia and went home.", "Mia laughed and ran to the swings."],
      ["Mia said goodbye to the castle and flew home.", "The castle glowed behind her."],
    ],
  },
  "given-away": {
    flagged: [
      ["Mia gave her teddy to Zoe.", "That night, Mia hugged her teddy tight."],
      ["Mia gave away her red wellies.", "Mia's red wellies splashed in the puddles."],
      ["Mia left the map behind.", "With the map in her hand, she found the way."],
      ["The last cookie was gone.", "Mia ate the cookie."],
      ["Mia ate all the strawberries.", "Later, Mia shared the strawberries with Leo."],
      ["Mia gave Leo her kite.", "Mia flew her kite in the park."],
      ["Mia lost her hat in the wind.", "Mia wore her hat all day."],
      ["Mia gave the golden key to the owl.", "Mia opened the door with the golden key."],
      ["Her scarf was gone.", "Mia wrapped her scarf around her neck."],
      ["Mia gave her whistle to Tuffin.", "Mia blew her whistle as loud as she could."],
      ["Mia gave her umbrella away.", "Mia's umbrella kept her dry."],
      ["Mia gave away her last sweet.", "Mia held the sweet in her hand."],
    ],
    fine: [
      ["Mia gave her teddy to Zoe.", "Zoe hugged the teddy tight."],
      ["Mia gave her teddy to Zoe.", "The next day, Zoe gave it back.", "Mia hugged her teddy."],
      ["Mia lost her hat.", "Then she found her hat under the bench.", "Mia wore her hat home."],
      ["Mia gave Zoe a hug.", "Mia hugged her teddy."],
      ["Mia gave Leo her best smile.", "Mia's smile lit up the room."],
      ["The rain was gone, and the sun came out.", "Mia splashed in the puddles."],
      ["Mia gave the silver key to the owl.", "Mia opened the door with the golden key."],
      ["Mia ate all the cake.", "Mum baked a new cake, and Mia ate the cake."],
      ["Mia gave some cake to Leo.", "Mia ate the cake."],
      ["Mia lost her way in the woods.", "Mia found her way home."],
      ["Mia left her worries behind.", "Mia's worries were small now."],
      ["Mia gave her teddy to Zoe.", "Zoe walked home with her teddy."],
      ["The map was lost in the wind.", "Mia found the map in a bush.", "With the map in hand, Mia set off."],
      ["Mia gave her old kite to Leo.", "Mia flew her new kite."],
      ["The birds were sad. Their song was lost!", "Mia read the book of songs to the birds."],
      "Mia gave the fox her sandwich, and the fox gobbled it up.",
    ],
  },
  repeated: {
    flagged: [
      ["Mia loved the sea.", "Mia loved the sea."],
      "The sky was blue. The sky was blue!",
      ["“We can do it,” said Leo.", "“We can do it!” said Leo."],
      ["Pepper wagged her tail.", "pepper wagged her tail"],
      ["Everyone cheered for Mia.", "The cake was huge.", "Everyone cheered for Mia."],
      ["Mia had a feeling that today was going to be special.", "Mia had a feeling that today was going to be special."],
      "Nothing was working. Zoe sighed. Nothing was working.",
      ["Off they went.", "Off they went!"],
      ["Mia sat down with a sigh.", "Mia sat down with a sigh…"],
      ["It was the best day ever.", "Zoe laughed. It was the best day ever."],
    ],
    fine: [
      "Oh! Oh!",
      "“Hooray!” “Hooray!”",
      "Mia smiled. Leo smiled.",
      "“Yes!” said Mia. “Yes!” said Leo.",
      "Look! Look!",
      "Mia laughed. Mia laughed again.",
      ["Mia loved the sea.", "Mia loved the stars."],
      "Wow! Wow!",
      ["Off went Mia.", "Off went Leo."],
      "Zoe waved. Zoe waved back at Leo.",
      "“Ready?” “Ready!”",
      ["Mia sat down with a sigh.", "Leo sat down with a sigh."],
      "Hooray! Hooray! Hooray!",
      "Knock knock! Knock knock!",
      ["The End.", "The end of the path was near."],
    ],
  },
  tense: {
    flagged: [
      "Aarav says sorry to Zoe.",
      "Bolt falls off the table.",
      "Then she is very happy.",
      "They are in the garden.",
      "He has a big red kite.",
      "Mia runs to the door.",
      "Zoe always wants to win.",
      "She's ready for school.",
      "“Hello!” said Leo, and he waves at Mia.",
      "Mia laughed. There is a rainbow over the hill.",
      "The dragon was tired, and the cave is very dark.",
      "They're off to the seaside.",
      "Pepper barks at the postman.",
    ],
    fine: [
      "Mia laughed and ran to the door.",
      "“I am so happy!” said Mia.",
      "“Foxes are clever,” said Grandma.",
      "Hedgehogs are shy, and this one was the shyest of all.",
      "Every whale has its own song, and the little whale had lost its.",
      "She would have liked to stay.",
      "Mia always smiled when she saw Pepper.",
      "Zoe sometimes hid behind the sofa.",
      "“Is it time?” asked Leo.",
      "Leo was as brave as a lion.",
      "Mia had to have a nap.",
      [frame("The End. Sweet dreams, Mia.")],
      [frame("Mia is the bravest girl we know.")],
      "Mia’s kite flew high, and Leo’s brother was tall.",
      "“They are here!” cried Mia. “Come and see. It is snowing!”",
      "Mia knew what she had to do.",
      "Mia had learned that helping someone is the best adventure of all.",
      "It was just like Grandma always said: we are strongest when we help each other.",
    ],
  },
  person: {
    flagged: [
      "I think Mia was the bravest girl ever.",
      "We followed Mia into the woods.",
      "You would have loved the picnic.",
      "Our story began in a small town.",
      "Mia waved at me.",
      "Let's see what happened next.",
      "Your eyes would have popped at the size of it.",
      "Mia laughed with us.",
      "And guess what? It worked, you see!",
      "I'm sure Mia was proud.",
      "The dragon, my friends, was only lonely.",
    ],
    fine: [
      "“I can do it!” said Mia.",
      "“We did it!” cried Leo and Zoe.",
      "Mia said thank you to the fox.",
      "They played I spy all the way to the beach.",
      "“Are you coming?” asked Zoe.",
      "Mia whispered, “I love you, Grandma.”",
      "A forget-me-not grew by the path.",
      "Mia told Leo, “You can have the last one.”",
      "“Let’s go!” said Mia.",
      [frame("Goodnight, Mia. We love you.")],
      "‘Come with me,’ said the owl.",
      "“Look at this. I found it by the tree. Do you like it?” Mia held up a shell.",
      '"We\'re nearly there," said Leo. "Can you see it?"',
      "The US flag flew over the tent.",
      "Mia wrote a thank-you note and gave it to the fox.",
      "Mia stepped into the Land of My Own Story.",
    ],
  },
};

describe.each(Object.keys(CASES) as FindingRule[])("checkBook: %s", (rule) => {
  it.each(CASES[rule].flagged.map((c) => [JSON.stringify(c), c] as const))("flags %s", (_, c) => {
    const found = check(c);
    expect(found.map((f) => f.rule)).toContain(rule);
    const f = found.find((x) => x.rule === rule)!;
    expect(f.detail.length).toBeGreaterThan(3);
    expect(pagesOf(c)[f.page].text).toContain(f.sentence);
  });
  it.each(CASES[rule].fine.map((c) => [JSON.stringify(c), c] as const))("passes %s", (_, c) => {
    expect(check(c)).toEqual([]);
  });
});

describe("checkBook: whole books", () => {
  it.each(WELL_WRITTEN_BOOKS.map((b) => [b.hero.name, b] as const))("finds nothing in a well-written book about %s", (_, b) => {
    const last = b.pages.length - 1;
    const pages = b.pages.map((text, i) => ({ text, frame: i === 0 || i === last }));
    expect(checkBook({ pages, hero: b.hero, characters: b.characters })).toEqual([]);
  });

  it("finds the slips of the same book when they are put in", () => {
    const b = WELL_WRITTEN_BOOKS[0];
    const pages = b.pages.map((text, i) => ({ text, frame: i === 0 || i === b.pages.length - 1 }));
    pages[9] = { text: "Mia switched on her torch. Inside the cave, the sun beat down on them, and Mia says, “Look!”", frame: false };
    pages[17] = { text: "“Thank you,” said Mr Penrose. Mia waved goodbye to Mr Penrose, and they rowed home under the stars.", frame: false };
    pages[18] = { text: "Grandma was waiting on the beach with a blanket. Mr Penrose laughed and gave Mia a eight-sided shell.", frame: false };
    expect(checkBook({ pages, hero: b.hero, characters: b.characters }).map((f) => [f.page, f.rule])).toEqual([
      [9, "place"],
      [9, "tense"],
      [18, "article"],
      [18, "two-places"],
    ]);
  });
});

describe("checkBook: what a finding says", () => {
  it("names the article and the word, and the page and sentence where the slip is", () => {
    const found = check(["Mia woke up early.", "She was a eight-year-old girl. She loved the sea."]);
    expect(found).toEqual([{ page: 1, rule: "article", sentence: "She was a eight-year-old girl.", detail: "“a” before “eight”" }]);
  });

  it("points at the page where the one who said goodbye comes back too soon", () => {
    const found = check(["Mia hugged Pepper goodbye and set off.", "Mia climbed the hill.", "Pepper barked at the top of the hill."]);
    expect(found).toEqual([{ page: 2, rule: "two-places", sentence: "Pepper barked at the top of the hill.", detail: "Pepper is here after the goodbye" }]);
  });

  it("tells where a repeated sentence was first", () => {
    const found = check(["Mia loved the sea.", "The sea was blue.", "Mia loved the sea!"]);
    expect(found).toEqual([{ page: 2, rule: "repeated", sentence: "Mia loved the sea!", detail: "also on page 0" }]);
  });

  it("reads dialogue that runs over several sentences as dialogue", () => {
    const found = check("“We are lost. I think we are very lost,” said Leo. Mia says nothing.");
    expect(found).toEqual([{ page: 0, rule: "tense", sentence: "Mia says nothing.", detail: "present “says” in past-tense narration" }]);
  });

  it("leaves frame pages out of the tense and person rules, but not out of the others", () => {
    const found = check([frame("For Mia, with love from Grandma. You are a amazing girl.")]);
    expect(found.map((f) => f.rule)).toEqual(["article"]);
  });
});
