import { cap, possessive, splitSentences } from "../text";
import type { X } from "./beats";
import type { EventClass } from "./classes";
import { whereOf } from "./episodes";

/**
 * Whole pages of what a day really holds, for the pages a short plot leaves empty: what a kind of
 * moment holds (a match has its warm-up, its near miss and its handshake) and what a named place
 * has to see and do (the zoo has its penguins' feeding time and its gift shop). A scene is written
 * once, with slots for the moment's own people, thing and place: {H} the child ({H's}, {his},
 * {him}, {he}, {was}); {C} the companion ({C's}), always by name, since nobody knows their gender;
 * {O} the main thing or animal; {P} the place and {at} "at the zoo"; {S} who comes or acts when
 * the child is not among them, {B} the same when the plot calls them a baby. A scene is told only
 * when the moment has every part it names, one marked "+" (the child does the moment's deed) only
 * when the child is among its subjects. Small scenes (ages 1–5) keep to nine words a sentence, big
 * ones to sixteen: a scene that a long name pushes past that is left out rather than cut.
 */
interface Scenes {
  big: string[];
  small: string[];
}
type Calm = Exclude<EventClass, "break" | "lose" | "quarrel" | "hurt" | "fear" | "sad">;

// prettier-ignore
const FOR: Record<Calm, Scenes> = {
  make: { small: ["+{H} got out the glue. Stick, stick, press!", "{C} found the scissors. Snip, snip, snip!", "+{H} made a tall tower. Down it fell. Try again!", "Blue paint, red paint. Paint on {H's} fingers!", "{O} was nearly done. One more bit on top!", "+{H} stuck on a shiny star. All finished!"], big: [
    "+{H} tipped a box of odds and ends onto the table. Out came corks, string, lids and an old sock. Every bit might be useful, so nothing went back.",
    "{C} drew the plan on the back of an envelope. {H} added arrows, stars and a very important squiggle. Nobody could remember what the squiggle meant.",
    "+The first try flopped over sideways. {H} stared at it, then laughed and pulled it apart. The second try stood up for three whole seconds.",
    "+Glue got on the table, on the chair and somehow on {H's} nose. {C} wiped it off with a grin. Then they both went back to work.",
    "{O} kept wobbling at the join. {H} tried tape, then string, then a clothes peg. In the end, the clothes peg worked best.",
    "+Halfway through, {H} had a clever idea: a cardboard tube would make the perfect tower. “Genius!” said {C}, and {H} took a small bow. Up went the tower, straight and tall.",
    "+{H} painted the last stripe very slowly, tongue poking out. The finishing touch was a sprinkle of glitter on top. {O} sparkled from end to end.",
    "Stepping back to look, {H} spotted a few wonky bits and one sticky corner. None of that mattered. To {H}, every bit of it was perfect.",
    "{C} held each piece still while {H} pressed it down. Neither of them said a word. It was the busy kind of quiet that means hard work.",
  ] },
  find: { small: ["+{H} bent down low. Something shiny!", "{C} came to look. Wow, {O}!", "+{H} held {O} gently. So special!", "Look, look! {H} found something!", "{H} showed {C}. {C} clapped.", "A secret treasure! {H} kept it safe."], big: [
    "Something glinted in a corner where nobody ever looked. {H} crouched down for a closer look. It was better than any treasure in a story.",
    "{H} called {C} over in a loud whisper. {C} came tiptoeing across. Together they peered at {O}, hardly daring to breathe.",
    "{O} sat where nobody would ever think to look. How long had {O} been waiting there? {H} decided it did not matter now.",
    "+{H} turned the find over carefully, looking at every side. There was a scratch, a smudge and a tiny mark. Each one seemed to tell a story.",
    "{C} wanted to hear exactly how it happened. {H} told it twice, and the second time it got a little bigger. {C} laughed and asked for a third go.",
    "{H} found a safe spot for {O}, well away from busy feet. A folded cloth made it soft and cosy. Every few minutes, {H} checked that all was well.",
    "Finding things, {H} decided, was mostly about looking where others did not. {C} agreed and started peering under everything. Soon they were both hunting for more.",
    "{H} showed the find to everyone nearby. A lady with a shopping bag said it was a real treasure. {H} stood a little taller after that.",
  ] },
  sorry: { small: ["+{H} whispered sorry. {C} smiled wide.", "A big hug. All better now.", "{C} held {H's} hand. Best friends again.", "+{H} gave {C} a drawing. It said sorry.", "“Sorry,” said {H} softly. {C} gave a nod.", "No more cross faces. Smiles came back."], big: [
    "{H} found {C} sitting alone, very still. Walking over took every bit of {his} courage. The first word was the hardest one of all.",
    "“I'm sorry,” said {H}, and meant every word. {C} looked up slowly. Something in the room seemed to soften.",
    "{C} listened without saying anything. Then {C} nodded and moved over to make room. {H} sat down, and the heavy feeling began to lift.",
    "+{H} drew a picture to say sorry: two stick people holding hands. {C} pinned it up where everyone could see. It stayed there for weeks.",
    "“Can we start again?” asked {H} in a small voice. {C} thought about it, then held out a hand. They shook on it, very seriously, and then burst out laughing.",
    "+Saying sorry did not mend everything at once. But it made a space where mending could begin. {H} felt lighter already.",
    "{H} and {C} talked about what had gone wrong. Each of them had a part in it, they decided. Sharing the blame made it much smaller.",
    "+{H} offered the last biscuit as a peace offering. {C} broke it in half anyway. Half a biscuit had never tasted so good.",
    "+{H} practised the words quietly first. Such a small word felt very big. Then {H} went to say it for real.",
  ] },
  fix: { small: ["Tap, tap, tap. Nearly mended!", "+{H} held the glue. Squeeze, squeeze!", "{C} found the missing piece. Clever {C}!", "{O} was mended! Good as new!", "+{H} pressed very gently. Click! It fit.", "Careful, careful. A little more tape."], big: [
    "+{H} laid all the pieces out in a line, biggest to smallest. Some were bent, and one was missing. It was like a puzzle with no picture on the box.",
    "{C} came back with tape, glue and a tiny screwdriver. {H} picked the glue. {C} picked the screwdriver, and the mending began.",
    "The first piece would not go back in, however hard {H} pushed. {C} turned it the other way round. It slid in with a click.",
    "+{H} held {O} very still while the glue dried. Counting to a hundred took ages. At ninety-nine, {H} let go, and it held.",
    "Mending took longer than breaking, {H} noticed. But mending was much more interesting. Every piece had its own place to go.",
    "A tiny spring shot off and bounced out of sight. {H} and {C} crawled about on hands and knees. {C} found it at last, hiding in a shoe.",
    "+When {O} was whole again, {H} tested it very gently. Nothing wobbled, and nothing fell off. {H} let out a long, slow breath.",
    "{O} had a new scar where the glue showed. {H} decided that was fine. A scar meant {O} had been on an adventure.",
  ] },
  win: { small: ["+Who won? {H} won!", "A shiny medal! Gold and bright!", "{C} clapped and clapped. Clap, clap, clap!", "{O} got a big rosette. What a winner!", "+{H} stood up tall. Everyone cheered for {him}.", "Smile for the photo! Click, flash!"], big: [
    "The judges walked slowly along the row, writing on their clipboards. {H} tried to read their faces. They gave nothing away at all.",
    "+When the name was called, {H} did not move at first. {C} gave a gentle nudge. Then {H} walked up on legs that felt like jelly.",
    "+The medal was heavier than it looked, and cold in {H's} hand. It hung on a ribbon striped red and blue. {H} kept turning it over to see the back.",
    "{C} clapped until both palms went pink. Somebody at the back whistled. {H} had never heard so much clapping in one room.",
    "A photographer asked everyone to squeeze together and smile. {H} grinned so widely that {his} eyes nearly closed. The picture went on the fridge that very night.",
    "{O} sat on the table with a rosette pinned beside it. People came up to look and ask questions. {H} explained everything, twice, to everybody.",
    "+{H} remembered all the practice: the mistakes, the tries, the tired days. Every one of them had been part of this. Winning felt like all of them added together.",
    "Afterwards, {H} went to shake hands with the others. Some of them had worked just as hard. “Next time it could be you,” said {H}, and meant it.",
  ] },
  go: { small: ["Buckle up! Off to {P}!", "+{H} looked out of the window. So much to look at!", "{C} had snacks. Crunch, crunch!", "At last, the gate! {H} ran ahead.", "{H} picked a badge to keep. So shiny!", "{C} made a silly face. Hee, hee!"], big: [
    "The car was packed with bags, snacks and a spare jumper, just in case. {H} sat in the back and counted the other cars. By the end, the count was a hundred and six.",
    "{C} had brought a bag of grapes for the journey. They took turns: one for {H}, one for {C}, one for {H} again. The grapes ran out long before the journey did.",
    "The first thing {H} saw {at} was a huge sign with pictures. {H} read it out loud, word by word. Even {C} was impressed.",
    "There was a queue at the entrance, long and slow. {H} hopped from one foot to the other. When the turn came, {C} let {H} hand over the tickets.",
    "{C} bought a map, and {H} insisted on holding it. It was upside down for quite a while. Nobody minded, because everything was worth seeing anyway.",
    "Halfway through the morning, they found a bench and opened the snacks. {H} had cheese crackers, and {C} had an apple. A very bold pigeon watched every crumb.",
    "{C} tried to take a photo and got a picture of a thumb instead. {H} laughed so hard that {he} had to sit down. They kept the photo anyway.",
    "The little shop sold pencils, badges and snow globes. {H} looked at everything twice before choosing. In the end, a badge shaped like a star came home with {him}.",
    "+{H} made a list in {his} head of everything about {P}. The list got longer and longer. By teatime, it had forty things on it.",
  ] },
  home: { small: ["+Home again! {H} kicked off {his} shoes.", "+{H} hugged {C} at the door. Home, at last!", "+{H} flopped on the sofa. Phew!", "+Slippers on! {H} was home.", "Knock, knock! There was {S}!", "{S} was home! {H} ran to hug.", "A big hug for {S}! Welcome!", "{H} held the door for {S}. Come in!", "{H} peeped at {B}. So tiny!", "{B} had tiny toes. {H} counted them.", "Shh, quiet now. {B} was asleep.", "+Warm bath, warm towel. Cosy {H}!", "A welcome sign for {S}! Hooray!"], big: [
    "+The front door opened, and the smell of dinner rushed out to meet {H}. Shoes came off in the hall, one here and one there. {H} was home.",
    "+{H} had a hundred things to tell, and they all came out at once. {C} laughed and asked to hear it from the beginning. So {H} started again, arms waving.",
    "+There was a bath with extra bubbles, and a towel warm from the radiator. {H} drew a smiley face in the steam on the mirror. Being home felt snug and safe.",
    "Everyone had been waiting by the window for {S}. When the car pulled up, {H} raced to the door first. The door swung open, and there was {S} at last.",
    "{H} tiptoed closer to take a first look at {B}. Everything about {B} seemed small and new. For a moment, {H} forgot to breathe.",
    "{H} sat very still on the sofa, with a cushion under each arm. Then {B} was placed gently in {H's} lap. {H} held on as carefully as holding a bubble.",
    "{B} curled a tiny hand round {H's} finger and held on tight. {H} did not dare to move. It was the strongest little grip in the whole world.",
    "The house was quieter than usual that evening. Everyone whispered and tiptoed, and the clock seemed very loud. {H} liked this new kind of quiet.",
    "+{H} dropped {his} bag by the door and ran to find {C}. There was so much to show: a leaf, a sticker and a ticket. {C} looked at every single thing.",
    "+Dinner was warm and smelled wonderful after such a long day. {H} ate every last pea, which was unusual. {C} raised an eyebrow and smiled.",
    "+The house sounded just the same as always: the fridge humming, the stairs creaking. {H} liked hearing it again. It was the sound of being home.",
    "+{H} curled up on the sofa with {C} and a blanket. Neither of them wanted to move. Outside, the day was getting dark.",
    "+Home looked different after a day away, smaller and cosier somehow. {H} said hello to {his} favourite toys, one by one. They had waited patiently.",
    "{H} had tidied up specially, and even plumped the cushions. Everything had to be just right for {S}. {H} checked the door three times.",
    "When {S} came in, the whole house seemed to wake up. Bags went down, coats came off, and everyone talked at once. {H} squeezed in for the first hug.",
    "{H} gave {S} a tour of all the important things. There was the drawing on the fridge, the best window and the comfiest cushion. It took ages, because everything was important.",
    "That evening, everyone sat close together on the sofa. {S} was in the middle, right where {S} belonged. {H} could not stop smiling.",
    "With {S} home, everything felt complete, like the last puzzle piece. {H} did a happy dance in the hall. Nobody told {him} to stop.",
    "{B} yawned a tiny yawn, and {H} yawned a big one back. Everyone laughed softly so as not to wake anyone. Yawning, it turned out, was catching.",
    "{H} had made a welcome sign with big, bright letters. It was taped to the door, a little crooked. {S} saw it straight away and smiled.",
  ] },
  play: { small: ["+Ready, set, run! Go, {H}, go!", "{C} cheered. Yay, {H}!", "+{H} fell over. Up again! Off again!", "So close! Nearly, nearly!", "+One last go. Best one yet!", "{H} and {C} did a high five. Good game!"], big: [
    "+Before the start, {H} jogged on the spot and swung {his} arms. {C} did some stretches too, mostly for fun. A whistle blew, and everybody got into place.",
    "+The first go did not go well at all. {H} slipped, laughed and got straight back up. The second go was much, much better.",
    "{C} cheered from the side, louder than anyone else. {H} could hear it right through the noise. It was like having a secret engine.",
    "+One go came so close that everybody gasped at once. Just a whisker more, and it would have been perfect. {H} shook {his} head and grinned.",
    "+By the last round, {H's} legs were tired and {his} cheeks were hot. There was just one more go left. {H} took a deep breath and gave it everything.",
    "Nobody was quite sure of the score, and nobody really cared. At the end, everyone lined up to shake hands. “Good game,” said a tall girl, and {H} said it back.",
    "{C} handed over a drink, and {H} gulped it down in one go. Water had never tasted so good. Then it was straight back out for another round.",
    "+{H} learned a new trick halfway through, from watching the others. A little spin, then a quick step to the side. It worked the very first time.",
    "Afterwards, {H} and {C} talked over every single moment. The best bit kept changing each time they told it. Neither of them could pick just one.",
  ] },
  meet: { small: ["+{H} was a bit shy. {C} said hello.", "{C} had a red ball. They played catch!", "+{H} gave a little wave. A big wave back!", "{H} and {C} swapped names. Then stickers!", "Two new friends! Side by side.", "{C} told a secret. Whisper, whisper!"], big: [
    "{H} hung back at first, holding on to the edge of {his} sleeve. {C} gave a small wave. {H} waved back, just a little.",
    "“What's your name?” asked {C}. {H} said it so quietly that it had to be said again. The second time, they both laughed.",
    "They both liked the same snack, the same colour and the same silly song. {C} said it had to be fate. {H} was not sure what fate was, but agreed.",
    "{C} made up a game with two rules, and {H} added a third. The third rule was that everybody had to hop. It was the best game of the day.",
    "+{H} shared a secret: a special way of whistling through two fingers. {C} tried and only managed a puff of air. They practised until it nearly worked.",
    "By the end, {H} and {C} had swapped names, favourite animals and one sticker each. Nobody could remember ever being strangers. It felt like they always had been friends.",
    "Meeting someone new, {H} found, was a bit like opening a present. There was a wobbly moment before, and then a lovely surprise. {H} hoped for more days like this.",
    "+At first {H} did not know what to say, so {H} offered a biscuit. The biscuit did the talking. Soon the two of them were giggling about nothing at all.",
    "When it was time to go, {H} and {C} made a plan for next time. They shook on it with a brand-new handshake. It involved a lot of wiggling fingers.",
  ] },
  help: { small: ["+{H} carried the bag. Heavy! Strong {H}!", "{C} needed a hand. {H} came to help.", "Lift, push, done! Good helping!", "{C} said thanks. {H} beamed.", "+{H} picked up every toy. All tidy!"], big: [
    "{C} was struggling with a heavy bag, so {H} took one handle. Together it was half as heavy and twice as fun. They counted their steps all the way.",
    "+{H} noticed somebody needed a hand before anyone else did. There was no time to wait to be asked. {H} just went and helped.",
    "+The job was bigger than it looked, but {H} kept at it. One box, then another, then another after that. Soon the pile was gone.",
    "{C} showed {H} the right way to lift, bending at the knees. {H} copied it exactly and felt very strong. It worked much better than pulling.",
    "“I could not have done that without you,” said {C}. {H} went pink and said it was nothing. But it did not feel like nothing; it felt grand.",
    "+{H} held the door, passed the pegs and fetched the string. Being useful turned out to be a sort of game. {H} kept score in {his} head.",
    "Helping somebody, {H} noticed, made the whole day feel kinder. Even strangers seemed to smile a little more. {H} smiled back at every one of them.",
    "{H} and {C} finished the last bit together and stood back to look. Everything was tidy, sorted and in its place. A gold star sticker went on {H's} jumper.",
  ] },
  share: { small: ["+{H} had two. One for {C}!", "{C} had a turn. Then {H}!", "Half for {H}. Half for {C}.", "+{H} handed one over. Sharing felt nice.", "Crayons for everyone! Red, blue, green!"], big: [
    "{H} looked at the biggest piece, then at {C}. It would have been easy to keep it. Instead, {H} cut it right down the middle.",
    "+Sharing meant taking turns, and taking turns meant waiting. Waiting was hard, but {H} managed it. When the turn came round again, it felt twice as good.",
    "{C's} face lit up when {H} held out the box. “Are you sure?” asked {C}. {H} was sure, and that felt surprisingly good.",
    "+{H} split the crayons into two piles, one for each of them. The red one was everybody's favourite, so they took turns with it. Every picture ended up a bit red.",
    "The game was more fun with two, {H} discovered. {C} had ideas {H} would never have thought of. Together they made up a whole new ending.",
    "When {H} let {C} go first, {C} did the same the next time. Sharing seemed to spread, like a yawn. Soon everyone nearby was taking turns too.",
    "+{H} had only one sticker left, the shiniest one of all. After a long think, {H} handed it to {C}. {C} wore it proudly all day.",
    "There were not quite enough snacks to go round. So {H} and {C} broke everything into smaller bits. In the end, nobody had much, and everybody had plenty.",
  ] },
  gift: { small: ["A present for {H}! A big bow!", "+Rip, rip, rip! What was inside?", "{O}! Just what {H} wanted!", "{H} hugged {C} tight. Best present ever!", "Shiny paper! Crinkle, crinkle!"], big: [
    "The parcel was wrapped in shiny paper and tied with a fat bow. {H} shook it gently, listening hard. Something inside went tap-tap.",
    "+{H} peeled the tape off very slowly, to make the surprise last longer. {C} pretended to fall asleep waiting. Then the paper came away.",
    "There, in a nest of tissue paper, sat {O}. {H} looked up at {C}, speechless. It was exactly right.",
    "{C} explained that choosing it had taken ages. Every shop had been tried. This one had been the very last, and the very best.",
    "+{H} did not let go of {O} for the rest of the afternoon. Even at lunch, {O} sat right beside {H's} plate. {C} pretended not to notice, smiling.",
    "The card had a drawing on the front and three kisses inside. {H} read it twice and stood it up where everyone could see. It was almost as good as the present.",
    "+{H} wanted to say thanks in a special way, so {H} made up a dance. It had a spin, a hop and a bow at the end. {C} clapped all the way through.",
    "+{H} folded the wrapping paper away to keep, because it was too pretty to throw out. It had tiny gold stars all over. Later it became a crown.",
  ] },
  party: { small: ["Balloons, balloons! Red and yellow!", "Cake with candles! Blow, {H}, blow!", "+{H} danced. {C} danced. Wiggle, wiggle!", "Pass the parcel! Round it went!", "Happy faces! Party hats on!"], big: [
    "Paper chains looped from corner to corner, and balloons bobbed on strings. {H} helped blow them up until {his} cheeks ached. One balloon popped, and everyone shrieked and laughed.",
    "Pass the parcel went round and round while the music played. Each time it stopped, someone tore off a layer. {H} got the very last one and found a tiny yo-yo.",
    "The cake came out with its candles already lit. Everyone sang, a little out of tune. Then came the big breath and the big blow.",
    "{C} started a conga line, and soon everyone joined the end. It wound all around the room and out of the door. {H} was right behind {C}, holding on tight.",
    "+{H} won musical statues by staying as still as a lamp post. Not even {his} nose twitched. The prize was a sticker shaped like a star.",
    "There were tiny sandwiches, crisps, jelly and a whole bowl of strawberries. {H} tried a bit of everything, twice. The jelly wobbled whenever anyone walked past.",
    "At the end, everyone got a party bag with a balloon tied on. {H} peeped inside and found a whistle and a sweet. The whistle got blown until everyone begged for quiet.",
    "The music got louder, and {H} and {C} danced until they were dizzy. Then they lay on the floor and watched the room spin. It was the good kind of dizzy.",
  ] },
  eat: { small: ["Stir, stir, stir! {H} helped.", "Sniff, sniff. Something smelled yummy!", "+{H} took a big bite. Mmm!", "{C} had sticky fingers. So did {H}!", "Crunchy and warm. More, please!"], big: [
    "A warm, buttery smell drifted past and made {H's} tummy rumble. {H} followed it like a puppy on a trail. {C} was already laughing.",
    "{C} let {H} crack the eggs, which went mostly in the bowl. A bit of shell went in too and had to be fished out. Then it was time to stir.",
    "+{H} stirred until {his} arm ached, then swapped arms and stirred some more. The mixture went from lumpy to smooth. {C} said it looked perfect.",
    "Waiting was the hardest part. {H} sat in front of the oven, watching through the glass. Slowly, slowly, everything turned golden.",
    "+The first bite was hot, so {H} blew on it like a little dragon. Then came the taste, sweet and warm and just right. {H} closed {his} eyes to enjoy it.",
    "{C} made a face at the first spoonful and then asked for more. {H} laughed so much the spoon nearly fell. Soon both bowls were scraped clean.",
    "The table was set properly, with napkins folded into triangles. {H} put a flower in a cup for the middle. It looked like a table in a fancy restaurant.",
    "There was a bit left over, so {H} and {C} shared it exactly in half. {C} measured with a ruler to be fair. It was very serious, and then very funny.",
  ] },
  learn: { small: ["+{H} tried. Wobble, wobble, bump!", "{C} showed {H} how. Slowly, slowly.", "+Try again, {H}! Much better!", "So nearly! Then, yes! {H} did it alone!", "Again and again. Easy now!"], big: [
    "{H} watched very carefully first, to see how it was done. It looked so easy when somebody else did it. {H} was not fooled.",
    "+The first try was wobbly, and the second was wobblier. {H} frowned, then tried a third time. The third was a tiny bit better, and that counted.",
    "{C} shared a tip: go slowly, and look ahead, not down. {H} tried it, and it helped straight away. Little tips, {H} thought, were like secret keys.",
    "+{H} practised again and again until it was nearly teatime. Each go was a little smoother than the one before. {H} hardly noticed the time passing.",
    "There was a moment when it all clicked into place. {H} did it once, then twice, then without even thinking. “Did you see that?” shouted {H}.",
    "Some bits were still tricky, and {H} got cross once. {C} said even experts had to start somewhere. {H} took a breath and tried once more.",
    "+{H} showed {C} how it was done, feeling like a real teacher. {C} got it wrong on purpose, just to be silly. Then they both did it together, perfectly.",
    "Learning was like climbing a hill, {H} decided: hard going, then a great view. There was still more to learn, and that felt exciting. {H} could not wait for next time.",
  ] },
  search: { small: ["Look up high! Look down low!", "+{H} looked in the basket. Not there!", "{C} looked under the chair. Hmm.", "Where, oh where? Keep going, {H}!", "+{H} used a torch. Peek, peek!"], big: [
    "{H} and {C} made a list of every place it could be. The list was long, and the first place was the least likely. They started there anyway, to be thorough.",
    "+{H} borrowed a torch and shone it into every dark corner. There was a button, a marble and an old coin. But there was no sign of the thing itself.",
    "{C} suggested thinking like a detective. Where was it last seen, and who had been nearby? {H} put on a serious face and thought hard.",
    "They searched high and low, behind things and underneath things. {H} checked one place three times, just to be sure. It was tiring work.",
    "Every time {H} thought it was found, it turned out to be something else. A sock looked like it, and so did a crumpled bag. {C} started laughing at the false alarms.",
    "{H} asked everyone nearby if they had seen anything. A kind man said to try the lost property box. That was a very good idea.",
    "+{H} stopped and stood very still, remembering. Then a picture popped into {his} head. {H} ran to check.",
    "The search led to corners nobody had visited for ages. {H} found things that had been missing for years. Even without the right one, it was an adventure.",
  ] },
  generic: { small: ["{H} grinned and grinned. A happy day!", "{C} and {H} sat together. Snuggle!", "+{H} told everyone. Guess what?", "A snack and a rest. Crunch!", "{H} drew a picture of {O}. Lovely!"], big: [
    "It was one of those days when everything felt a little bit special. {H} noticed small things: a funny hat, a squeaky shoe, a button like a star. {H} kept each one to remember later.",
    "{C} and {H} stopped for a rest and talked about everything and nothing. {C} told a story from long, long ago, about being small. {H} could hardly imagine it.",
    "+{H} wanted to tell somebody about it straight away. So {H} drew a picture, with lots of arrows and a big title. {C} asked to keep it.",
    "There was a moment when nobody said anything, and it did not matter. {H} just looked around and smiled. That moment did not need any words.",
    "{H} counted out the raisins, and {C} pretended to steal one. There was a lot of giggling after that. In the end, the raisins were shared fairly.",
    "+Later, {H} acted the whole thing out for anyone who would watch. {C} was the audience and clapped in all the right places. It was a very good show.",
    "{H} thought about {O} all through the afternoon. Every so often, a grin crept across {his} face. {C} noticed and grinned too.",
    "At the end, {H} and {C} made a list of the best bits. Number one on the list was easy. Number two took a lot of arguing.",
  ] },
};

// prettier-ignore
const AT: Record<string, Scenes> = {
  zoo: { small: ["Penguins! Waddle, waddle, plop!", "A tall giraffe! Look how tall!", "Cheeky monkeys swung. {H} giggled.", "{C} bought ice cream. Drip, drip!", "A big lion yawned. What teeth!", "A snake! {H} held {C's} hand."], big: [
    "At the penguins' feeding time, a crowd gathered at the glass. A keeper threw fish from a bucket, and the penguins dived like arrows. {H} pressed close to see.",
    "The giraffes were taller than the trees around them, and they chewed very slowly. One bent its long neck right down to look at {H}. Its eyelashes were amazing.",
    "In the monkey house, a little monkey hung by its tail and stared at {C}. {C} stared back, and the monkey pulled a face. Everyone nearby burst out laughing.",
    "The reptile house was warm and dim, and it smelled like wet stones. A snake lay coiled on a branch, not moving at all. {H} whispered, just in case.",
    "By lunchtime, the ice-cream stand had a long queue. {H} chose strawberry, and {C} chose mint. The ice cream melted faster than anyone could lick.",
    "The gift shop was full of soft toys: lions, pandas and a very fluffy penguin. {H} hugged every one of them before choosing. The penguin went home in a paper bag.",
    "A map on a big board showed every animal with a tiny picture. {H} traced the path with a finger: lions, zebras, then the seals. Off they went to see them all.",
    "The seals zoomed through the water and popped up with dripping whiskers. One slapped a flipper as if clapping for {H}. {H} clapped back, delighted.",
  ] },
  park: { small: ["Quack, quack! The ducks came close.", "{H} ran across the grass. Whee!", "A dog said woof. {H} waved.", "Crunchy leaves! Swish, crunch!", "{C} and {H} fed the ducks. Yum, seeds!"], big: [
    "The duck pond was busy with ducks, two swans and one grumpy goose. {H} and {C} threw seeds, because ducks liked seeds better than bread. The goose took more than its share.",
    "{H} raced {C} to the big oak tree and back again. {C} pretended to be very slow. {H} won by a mile and cheered.",
    "A man was flying a kite shaped like a dragon, with a long rainbow tail. It swooped and dipped over the grass. {H} watched it until {his} neck ached.",
    "There was an ice-cream van by the gate, playing its tinkly tune. {H} heard it long before seeing it. {C} dug in a pocket for coins.",
    "Under the trees, the ground was covered in conkers and crunchy leaves. {H} filled both pockets with the shiniest conkers. Then {H} kicked through the leaves to hear them crunch.",
    "A little dog in a red coat trotted past, very pleased with itself. It stopped to sniff {H's} shoes and wagged hello. Its owner laughed and said sorry.",
    "The bandstand was empty, so {H} climbed up and sang to the whole park. {C} was the audience and clapped very loudly. Two pigeons did not seem impressed.",
  ] },
  beach: { small: ["Sandcastle time! Dig, dig, dig!", "The sea was cold! Brr!", "{H} found a shell. Pink and shiny!", "A crab ran sideways. Scuttle, scuttle!", "{C} and {H} jumped the waves. Whoosh!"], big: [
    "{H} dug a moat around the sandcastle, and the sea filled it up. {C} added shells for windows and a feather for a flag. Then a wave came to have a look.",
    "The rock pools were full of tiny secrets: a crab, a shrimp and a red anemone. {H} lay flat to see better. The crab did not like being watched.",
    "The sea was freezing at first, and {H} squealed as it touched {his} toes. A few steps later, it felt just right. {C} was still squealing.",
    "A seagull landed nearby and eyed {H's} sandwich. {C} shooed it away, flapping both arms like a bigger seagull. {H} laughed so much the sandwich nearly fell.",
    "They collected shells along the line where the waves stopped. There were white ones, pink ones and one shaped like a tiny fan. {H} kept the fan one.",
    "The ice lolly dripped down {H's} wrist faster than {H} could lick it. {C} had a cone with a chocolate flake. By the end, both of them needed a wash.",
    "{H} jumped over the little waves, one after another. Sometimes a big one came and soaked everything. It was worth it every time.",
  ] },
  school: { small: ["Ring, ring! Time for school!", "{H} hung up {his} coat. A peg of {his} own!", "Story time on the carpet. Shh!", "Paint and glue! Messy hands!", "Playtime! {H} ran and ran."], big: [
    "The classroom had a reading corner with beanbags and a class hamster in a cage. {H} said hello to the hamster first. It twitched its nose back.",
    "The teacher called the register, and everyone answered in turn. When the name came, {H} said “Here!” nice and loud. The teacher smiled and ticked the list.",
    "At playtime, the playground filled with skipping ropes, hopscotch and shrieks. {H} joined a game of tag and got caught three times. Nobody minded being caught.",
    "Lunch was fish fingers, peas and a wobbly pink pudding. {H} swapped a carrot stick for a grape with the child next door. The dinner lady winked.",
    "In art, everyone painted their family, and {H} used nearly all the colours. {C} ended up in the picture with green hair. The painting went on the wall to dry.",
    "Story time was on the carpet, with everyone sitting cross-legged. The teacher read in lots of voices, and the wolf was the best one. {H} edged closer and closer to hear.",
    "In the hall, mats, hoops and benches were set out like an obstacle course. {H} crawled, balanced and jumped from one end to the other. At the end, there was a sticker.",
    "At the end of the day, {C} was waiting at the gate. {H} ran over with a painting still wet at the corners. Green paint got on {C's} sleeve.",
  ] },
  farm: { small: ["A baby lamb! Baa, baa!", "{H} found an egg. Still warm!", "Muddy pigs! Oink, oink, oink!", "The tractor rumbled past. Brrm, brrm!", "{C} fed the goats. Munch!"], big: [
    "The farmer let {H} hold a bottle for a hungry lamb. The lamb sucked so hard that the bottle nearly shot out of {H's} hands. Its tail wiggled the whole time.",
    "In the henhouse, {H} found three brown eggs, still warm. {C} held the basket while {H} lifted each one out, very gently. One had a feather stuck to it.",
    "The pigs lay in the mud, snoring like old engines. One piglet squealed and ran in circles for no reason at all. {H} laughed until {his} tummy hurt.",
    "A big red tractor rumbled past, and the farmer waved from the top. {H} waved back with both hands. {C} said maybe one day {H} could drive it.",
    "The cows were enormous up close, with wet noses and long eyelashes. One licked {C's} sleeve with a huge pink tongue. {C} did not seem to mind.",
    "In the barn, the hay was piled high and smelled sweet and dusty. {H} and {C} climbed the bales and slid down the other side. Bits of hay got into everything.",
    "The goats crowded round the fence, hoping for food. {H} held out pellets on a flat hand, the way the farmer showed. Tickly lips took every one.",
  ] },
  fair: { small: ["Painted horses! Up and down they went!", "Pink candyfloss! Sticky, sticky!", "{H} hooked a duck. A prize!", "{C} won a teddy. Hip, hip, hooray!", "A funny clown! Honk, honk!"], big: [
    "The merry-go-round had painted horses with golden poles. {H} chose a white one with a blue mane. Up and down it went, round and round, while the music played.",
    "At the hook-a-duck stall, {H} hooked a yellow duck on the very first try. The prize was a bouncy ball that glowed in the dark. {C} called it beginner's luck.",
    "The candyfloss was pink and as big as {H's} head. It melted on the tongue like a sweet cloud. By the end, every finger was sticky.",
    "{C} tried to win a coconut and missed three times in a row. {H} had a go and knocked one clean off. {C} cheered louder than anyone.",
    "A juggler in a stripy hat kept five balls in the air at once. {H} stood with {his} mouth open the whole time. Then the juggler dropped one on purpose and winked.",
    "The cake stall had buns, biscuits and a chocolate cake as big as a wheel. {H} picked a bun with a cherry on top. {C} picked two.",
    "{H} and {C} rode the big wheel, up and up and up. From the top, the whole fair looked like a toy town. {H} spotted the duck stall, tiny and far below.",
  ] },
  garden: { small: ["Dig, dig! A wiggly worm!", "{H} watered the flowers. Splish, splosh!", "Bees went buzz. {H} kept still.", "{C} picked a strawberry. Red and sweet!", "A snail! Slow, slow, slow!"], big: [
    "{H} and {C} planted sunflower seeds in a row of little pots. Each one got a label and a tiny drink of water. Then came the hard part: waiting.",
    "Under a big stone, {H} found woodlice, a shiny beetle and a wriggly worm. They all hurried away from the light. {H} put the stone back very gently.",
    "The tomatoes were just turning red, and the beans were taller than {H}. {C} picked a pea pod and split it open. Inside were five tiny peas, like green pearls.",
    "A robin followed them along the path, hoping for worms. Whenever {H} dug, the robin hopped closer. It was the bravest bird {H} had ever seen.",
    "The watering can was nearly as big as {H}, and it sloshed with every step. More water landed on {H's} wellies than on the flowers. The flowers did not complain.",
    "At the bottom of the garden stood a wobbly old shed full of pots and spiders. {H} peeped in, and a spider peeped back. {H} decided to peep somewhere else.",
    "{C} and {H} lay on the grass and looked for shapes in the clouds. One looked like a rabbit, and one looked like a teapot. The teapot slowly turned into a dragon.",
  ] },
  playground: { small: ["Up the steps. Whee, down the slide!", "{C} pushed the swing. Higher, higher!", "Wobbly bridge! Hold on tight!", "{H} dug in the sand. Big hole!", "See-saw! Up, down, up!"], big: [
    "The slide was so shiny that {H} shot off the end with a bump. {C} caught the flying hat. {H} ran straight back to the ladder.",
    "On the swings, {H} kicked both legs out and tucked them back, higher each time. {C} gave one big push. At the very top, {H's} tummy did a flip.",
    "The climbing frame had a rope bridge that wobbled with every step. {H} held on tight and crossed it inch by inch. At the end, {H} rang the little bell.",
    "{C} pushed the roundabout, and the world became a blur of colours. {H} held on and shrieked with joy. Afterwards, the ground felt wobbly for a whole minute.",
    "In the sandpit, a small girl was building a road for a toy digger. {H} helped to make a bridge out of a bucket. The digger drove over it proudly.",
    "The see-saw needed two, so {H} and {C} sat at either end. Up went {H}, and down went {C}, bump! They kept going until they were both giggling.",
  ] },
  forest: { small: ["Tall, tall trees! {H} looked up.", "Crunch, crunch, twigs! Snap!", "{H} found a big stick. A wand!", "A squirrel! Up the tree it went!", "{C} and {H} made a den. Cosy!"], big: [
    "The path wound between tall trees, and the air smelled of pine and damp earth. {H} walked quietly, listening. A twig cracked somewhere, and everyone stopped.",
    "{H} found a fallen log and balanced along it like a tightrope walker. {C} held out a hand at the wobbly bit. At the end, {H} jumped off with a bow.",
    "They built a den from sticks, leaning them against a tree trunk. {C} found the big sticks, and {H} found leafy ones for the roof. Inside, it was dark and secret and perfect.",
    "A squirrel raced up a tree and chattered crossly from a branch. {H} found an acorn and set it on a stump as a present. The squirrel fetched it the moment they stepped back.",
    "In a muddy patch, {H} found footprints: small ones, with four toes. {C} said they might belong to a fox. {H} followed them until they vanished under a bush.",
    "Mushrooms grew under the trees in every shape: flat, round and frilly. {C} said to look but never touch. {H} counted eleven before losing count.",
    "{H} collected the best leaves: a red one, a yellow one and one with holes. {C} found a feather to go with them. They would all go in a scrapbook later.",
  ] },
  library: { small: ["So many books! Big and small!", "{H} sat on a beanbag. Comfy!", "A sign said shh. {H} whispered.", "{C} read a story. Again, please!", "{H} chose a book. Beep!"], big: [
    "The library was so quiet that {H} could hear pages turning. {H} tiptoed along the shelves, reading the titles in a whisper. Every shelf held a different adventure.",
    "In the children's corner there were beanbags shaped like frogs. {H} sank into one with a pile of books. {C} squeezed onto the one next to it.",
    "The librarian scanned each book with a cheerful beep. Five books, all chosen by {H}, went into the bag. {H} hugged the bag all the way to the door.",
    "Story time started at ten, and a lady with a puppet read to everyone. The puppet was a fox with one ear missing. {H} laughed every time the fox sneezed.",
    "{H} found a book about space, with fold-out pictures of the planets. {C} read the long words, and {H} read the short ones. Together they got to the very last page.",
    "There was a computer for looking things up, and {H} typed with one finger. {C} helped spell the tricky word. The screen said the book was on shelf seven.",
  ] },
  museum: { small: ["A big dinosaur! Roar!", "Old, old things! Shiny gold!", "{H} pressed a button. Beep, flash!", "{C} and {H} looked up. A rocket!", "A stone cat! So still!"], big: [
    "A huge dinosaur skeleton stood in the entrance hall, its head nearly touching the ceiling. {H} walked all the way round it twice. {C} read out its name, which was very long.",
    "In one room, there were mummies and golden masks behind glass. {H} stood very still in front of a cat made of stone. Its eyes seemed to follow everyone.",
    "The hands-on room had buttons to press and levers to pull. {H} made a ball roll along a track and ring a bell. {C} had a go at everything too.",
    "{C} found a case of coins from long ago, some no bigger than buttons. {H} counted them and picked a favourite. It had a tiny ship on one side.",
    "A space rocket hung from the ceiling on wires. {H} lay on a bench to look at it from below. It looked ready to blast off any minute.",
    "In the gift shop, {H} spent a long time choosing a dinosaur rubber. {C} bought a postcard of the skeleton. It would go to someone special.",
  ] },
  pool: { small: ["Kick, splash, kick! Good swimming!", "{C} held {H}. Float, float!", "Big bubbles! Blub, blub, blub!", "{H} jumped in! Splosh!", "Whizz down the slide! Splash!"], big: [
    "The changing rooms echoed, and the floor was wet and slippy. {H} hopped about, trying to get both feet in at once. {C} helped with the tricky strap.",
    "{H} sat on the edge and dangled {his} toes in the water. It was cold for a moment, and then it was lovely. {H} slid in slowly, one bit at a time.",
    "{C} held {H} up while {H} kicked and kicked. Bubbles went everywhere. Then {C} let go, just for a second, and {H} floated!",
    "There was a slide that twisted round and dropped into the deep end. {H} went down it four times. Each time, the splash got bigger.",
    "The lifeguard sat on a tall chair, watching everything. When {H} swam a whole width, the lifeguard gave a thumbs up. {H} grinned so widely that some water got in.",
    "{H} practised blowing bubbles, face in the water, counting to three. Then {H} tried to touch the bottom and came up spluttering. {C} gave {H} a high five.",
    "Afterwards, hot chocolate from the machine tasted better than ever. {H's} hair dripped all down {his} back. Swimming, {H} decided, made a person very hungry.",
  ] },
  shop: { small: ["{H} pushed the trolley. Zoom, zoom!", "Red apples, yellow bananas! Yum!", "Beep, beep! {H} helped pay.", "{C} gave {H} a treat. Jelly stars!", "A big, big shop! So many tins!"], big: [
    "{H} pushed the trolley, which kept trying to go sideways. {C} steered from the front, and they zigzagged down the aisle. They nearly knocked over a pile of tins.",
    "{H} was in charge of the list, ticking things off with a stubby pencil. Apples, bread, milk, and something called lentils. {H} had to ask what lentils were.",
    "The fruit was piled in bright colours: oranges, bananas and a spiky pineapple. {H} picked the six roundest apples, one by one. Each one went into the bag with care.",
    "At the fish counter, a big silver fish lay on the ice with its mouth open. {H} stared at it, and it seemed to stare back. {C} decided to buy pasta instead.",
    "The checkout beeped for every single thing. {H} helped scan the shopping: beep, beep, beep. {C} let {H} press the button to pay.",
    "{C} let {H} choose one treat, and the choosing took ages. Up and down the aisle {H} went, three times. In the end, it was a bag of jelly stars.",
  ] },
  party: { small: ["Balloons on the gate! In {H} went!", "A magic trick! A rabbit!", "Musical bumps! Bump, down!", "{H} got a party bag. A whistle!", "Happy birthday! Blow out the candles!"], big: [
    "A bunch of balloons tied to the gate showed everyone where to go. Inside, music was already playing. {H} held {C's} hand and walked in.",
    "There was a table piled with presents in shiny paper. {H} put {his} present on top and patted it for luck. Then the games began.",
    "The magician pulled a scarf from a sleeve, and it went on and on. Then a toy rabbit popped out of a hat. {H} clapped until {his} hands stung.",
    "Musical bumps made everyone fall down laughing when the music stopped. {H} was always last to sit, and first to get up. {C} was giggling too much to hear the music.",
    "The party food was laid out on paper plates: crisps, tiny sausages and fairy cakes. {H} chose a fairy cake with a sweet on top. {C} had two.",
    "The birthday child opened presents in a circle, and everyone leaned in to see. There was a puzzle, a book and a torch. {H} had chosen the torch, and it got the biggest gasp.",
    "Going-home time came far too soon. Everyone got a slice of cake wrapped in a napkin. {H} carried it as carefully as a crown.",
  ] },
  house: { small: ["Ding-dong went the bell. Hello!", "The biscuit tin! One each!", "{H} and {C} built a block tower. Tall!", "A squashy chair. Snuggle in!", "Toast and milk! Yum, yum, yum!"], big: [
    "{P} had a creaky gate and a bright blue door. {H} rang the bell and heard footsteps hurrying. The door opened, and there was a big hug waiting.",
    "In the kitchen, the biscuit tin lived on a high shelf. {H} knew exactly where it was. {C} reached it down, and they each took one.",
    "Under the stairs sat a box of old toys: blocks, a spinning top, a tin train. {H} tipped them all out on the rug. {C} showed how to make the top spin.",
    "The hallway was full of photos in frames, some very old. {C} pointed to a photo of a baby with no hair. It was {C}, long ago, and {H} could not stop laughing.",
    "{H} helped make the tea: warm milk in a mug, and toast cut into soldiers. {C} let {H} spread the butter. A lot of it ended up on the table.",
    "There was a squashy armchair by the fire, just the right size for two. {H} and {C} squeezed in with a big book. Soon the armchair was full of giggles.",
    "Upstairs, the spare room had a patchwork quilt and a window seat. {H} sat on the window seat and watched the street below. A cat on the wall across the road stared back.",
  ] },
  kitchen: { small: ["Stir the pot! Swish, swish!", "{H} cracked an egg. Oops, shell!", "Flour on {H's} nose! Achoo!", "Ping! Dinner was ready!", "{C} washed. {H} dried. Splish!"], big: [
    "{H} stood on a stool at the counter, wearing an apron that reached the floor. {C} tied it twice round the middle. Now they were proper cooks.",
    "{C} measured the flour, and a white cloud puffed up everywhere. {H} sneezed, and there was even more. Soon they both had white eyebrows.",
    "The big wooden spoon was for stirring, and the little one was for tasting. {H} was very keen on the tasting. {C} said one more taste, and that was all.",
    "When the timer pinged, {H} jumped. {C} opened the oven, and a wave of warm air rolled out. The whole kitchen smelled of warm biscuits.",
    "Washing up was more fun with bubbles up to the elbows. {H} blew a bubble off the back of {his} hand. It floated up and popped on the ceiling.",
    "The fridge was covered in magnets, drawings and a shopping list. {H} added a drawing of {C} with a huge smile. {C} said it was a very good likeness.",
  ] },
  camp: { small: ["Up went the tent. Flop, down again!", "Toast a marshmallow! Gooey, gooey!", "{H} got in the sleeping bag. Wriggle!", "Twit-twoo! An owl said goodnight.", "{C} had a torch. Shadow bunny!"], big: [
    "Putting up the tent took much longer than the picture said. Poles went in the wrong holes, and the tent fell down twice. At last it stood up, a little lopsided, and they cheered.",
    "{C} lit a little stove, and soon the beans were bubbling. Everyone ate from tin plates, sitting on logs. Everything tasted better outdoors.",
    "When it got dark, the campfire crackled and sent sparks up into the night. {H} toasted a marshmallow until it was golden and gooey. {C's} turned black, which was even funnier.",
    "Inside the tent, {H} wriggled into a sleeping bag like a caterpillar. {C} switched on a torch and made shadow animals on the wall. A rabbit, a dog and a wobbly duck appeared.",
    "Somewhere outside, an owl hooted, and {H} sat up straight. {C} whispered that owls were only saying goodnight. {H} snuggled back down, smiling.",
    "In the morning, everything was wet with dew, and the air smelled fresh and green. {H} peeped out of the tent and saw a rabbit hop past. Breakfast was toast, a bit burnt on one side.",
  ] },
  hospital: { small: ["A fish tank! Swim, fishy, swim!", "The doctor was kind. {H} said aah.", "{C} stayed close. Brave {H}!", "A sticker for {H}! A lion!", "Thump, thump! A strong heart!"], big: [
    "The waiting room had a fish tank with bright orange fish. {H} watched one fish chase another round a plastic castle. Time went faster that way.",
    "The nurse had a badge shaped like a bear and a very kind voice. The nurse let {H} listen to {his} own heartbeat. Thump, thump, thump, it went, strong and steady.",
    "The doctor shone a little light into {H's} ears and looked very serious. Then the doctor smiled and said everything looked fine. {H} let out a big breath.",
    "{C} held {H's} hand the whole time, even in the boring bits. {H} squeezed extra hard at the tricky moment. It helped, just as {C} had promised.",
    "On the way out, there was a basket of stickers by the desk. {H} chose a lion sticker, for being brave. {C} said it was well deserved.",
    "The corridors were long and shiny, with coloured lines on the floor. {H} followed the yellow line all the way to the lift. Pressing the lift button was the best part.",
  ] },
  dentist: { small: ["Up went the big chair! Up, up!", "Open wide! Count the teeth!", "{H} had twenty teeth. All shiny!", "Swish and spit! Pink water!", "{C} waved from the corner. Thumbs up!"], big: [
    "The dentist's chair went up, up, up, and then tipped back. {H} looked at a picture of a smiling tooth on the ceiling. It was hard not to smile back.",
    "The dentist counted {H's} teeth out loud with a tiny mirror. There were twenty, all shiny and strong. {H} felt very proud of every one.",
    "{C} sat in the corner and gave a thumbs up every time {H} looked over. It made the waiting easier. The whole thing was over quicker than a song.",
    "The dentist showed {H} how to brush in little circles, using a giant model of teeth. {H} had a turn brushing the giant teeth. They were very clean after that.",
    "There was a cup of pink water for rinsing. {H} swished it round and spat, like a proper grown-up. Then came the sticker: a tooth with a big grin.",
    "In the waiting room, there was a box of books and a wooden bead maze. {H} pushed the beads along the wires, up and over and down. Then the nurse called {H's} name.",
  ] },
  field: { small: ["Kick the ball! Run, {H}, run!", "Muddy socks! Muddy knees!", "{C} cheered on the side. Go, team!", "Orange slices at half-time! Juicy!", "A big, big goal! {H} ran."], big: [
    "The goalposts looked enormous from the middle of the pitch. {H} ran to one end and back, just to see how far it was. It was a very long way.",
    "Before the match, everyone did stretches in a circle. The coach blew a whistle, and {H} jogged to {his} place. {C} found a spot on the side to watch.",
    "The ball came flying across, and {H} stopped it with one foot. For a moment, everything went quiet. Then {H} passed it on, and the game rushed on.",
    "Mud splashed up {H's} socks and all over {his} knees. By half-time, it was hard to tell what colour the kit was. Nobody cared one bit.",
    "At half-time there were orange slices in a big plastic box. {H} took two and made an orange smile with one. {C} laughed and took a photo.",
    "The crowd on the side was small but loud. Somebody had a rattle, and somebody had a drum. {H} could hear {C} shouting above all of it.",
  ] },
  cinema: { small: ["Lights down! Shh, it started!", "Popcorn! Crunch and munch!", "A big screen! So big!", "{H} laughed. {C} laughed more!", "A dragon! {H} hid {his} eyes."], big: [
    "The cinema smelled of popcorn, and the carpet had stars on it. The seats were so big that {H's} feet did not reach the floor. {H} sat on {C's} folded coat to see better.",
    "{H} held the popcorn, which was warm and sweet and rustly. {C} kept sneaking a handful when {H} was not looking. By the end, the box was nearly empty.",
    "The lights went down slowly, and everyone went quiet. Then the screen lit up, bigger than a house. {H} gasped out loud.",
    "In the funny bit, the whole cinema laughed at once. {H} laughed so hard that popcorn flew everywhere. {C} picked a piece out of {H's} hair.",
    "There was a scary bit with a dragon, and {H} peeped through {his} fingers. {C} whispered that it would be all right. It was, and the dragon turned out to be friendly.",
    "When the film ended, music played while words rolled up the screen. {H} stayed to watch them all. Outside, everything looked too bright and ordinary.",
  ] },
  train: { small: ["Choo, choo! Here came the train!", "{H} had a window seat. Zoom!", "A dark tunnel! Then light!", "{C} had the tickets. Click, click!", "Cows and sheep! Wave, {H}!"], big: [
    "The station clock had a big white face, and the board clattered as it changed. {H} found the right train on the board: platform two. {C} checked the tickets three times.",
    "The train came in with a whoosh and a long squeal of brakes. The doors slid open with a beep. {H} hopped on and grabbed a window seat.",
    "Out of the window, fields and houses rushed past. {H} counted cows, then sheep, then a horse. {C} spotted a tractor.",
    "The trolley came rattling down the aisle with drinks and snacks. {C} bought {H} a carton of juice with a tiny straw. It was the best juice of the whole year.",
    "When the train went into a tunnel, everything went dark and loud. {H} could see {his} own face in the window. Then, whoosh, the light came back.",
    "The guard came along to check the tickets, clipping each one with a click. The guard gave {H} a wink and a sticker. {H} wore it on {his} jumper all day.",
  ] },
  moon: { small: ["Boing, boing! Up {H} went!", "{H} peeped into a big crater. So deep!", "Grey rocks! {H} picked one up.", "Look, Earth! Blue and round!", "{C} drove the moon buggy. Bumpy!"], big: [
    "{H} tried a jump and went up, up and very slowly down. {C} tried a bigger one and did a slow somersault. Their boots left deep prints in the grey ground.",
    "Some craters were as small as a bowl, and some were as big as a town. {H} climbed down into a small one and peeped over the edge. It felt like sitting in a giant's footprint.",
    "From the moon, the Earth looked small enough to hold in one hand. {H} could see swirls of white and patches of blue. {H} waved, just in case someone was looking.",
    "The moon buggy had fat wheels and a seat for two. {C} drove slowly over the bumps while {H} held on and laughed. Grey dust puffed up behind them.",
    "{H} planted a little flag with {his} name on it. It stood very straight and very still in the grey. {C} saluted it, very seriously.",
    "{H} picked up a moon rock, sparkly and grey and surprisingly light. It went into a special bag to take back to Earth. {C} wrote a label for it: moon rock number one.",
    "The stars never twinkled here; they just shone, steady and bright. {H} tried to count them and gave up at fifty. {C} gave up at twelve.",
  ] },
  space: { small: ["Topsy-turvy! {H} floated upside down!", "Stars everywhere! {H} tried to count.", "{C} caught a floating biscuit. Got it!", "Look, a planet with rings! So pretty!", "Big helmet on! Ready, {H}!"], big: [
    "Inside the rocket, everything floated: pencils, socks and a runaway biscuit. {H} did a slow somersault in the middle of the cabin. {C} caught the biscuit just in time.",
    "Through the round window, {H} spotted Saturn, with its rings tilted like a hat. {C} pointed out a tiny red dot called Mars. {H} pressed {his} nose against the glass.",
    "Drinking was tricky, because the juice floated out in wobbly balls. {H} chased one and caught it in {his} mouth. {C} clapped, floating upside down.",
    "At bedtime, everyone slept in bags strapped to the wall. {H} zipped up and floated, snug as a bug. Outside the window, the stars did not move at all.",
    "{H} put on a space suit that was big and puffy and white. The helmet had a gold visor that made everything glow. {C} checked every clip twice.",
    "Mission control spoke over the radio, crackly and far away. “All systems go,” said a voice. {H} pressed the big green button, and the engines rumbled.",
  ] },
};

// prettier-ignore
const ALIASES: Record<string, string> = {
  seaside: "beach", shore: "beach", sands: "beach", woods: "forest", wood: "forest", supermarket: "shop", market: "shop", shops: "shop", store: "shop",
  home: "house", cottage: "house", flat: "house", bungalow: "house", campsite: "camp", camping: "camp", tent: "camp", doctor: "hospital", doctors: "hospital",
  surgery: "hospital", clinic: "hospital", pitch: "field", stadium: "field", station: "train", railway: "train", rocket: "space", spaceship: "space",
  funfair: "fair", festival: "fair", carnival: "fair", classroom: "school", nursery: "school", movies: "cinema", swimming: "pool", allotment: "garden",
};

// a day out on Earth: its cars, sky and queues are not told on the moon or under the sea
const ON_EARTH = /\b(car|cars|queue|tickets|bench|pigeon|shop|flower|trees?|grass|sky|clouds?|rain|wind|dust|dry)\b/i;
const IN_WORDS = /\b(forest|woods?|garden|kitchen|park|space|tent)$/i;
const ON_WORDS = /\b(moon|planet|farm|beach|pitch|field|train|boat)$/i;
const SLOT = /\{(\w+(?:'s)?)\}/g;

/** "at the zoo", "in the forest", "on the moon", "in space"; a place given with its own word stays as it is */
function atPlace(place: string): string {
  if (/^(at|in|on|under|inside) /i.test(place)) return place;
  return `${IN_WORDS.test(place) ? "in" : ON_WORDS.test(place) ? "on" : "at"} ${place}`;
}

/** A scene's sentences for this moment, or undefined when it names a part the moment does not have. */
function told(scene: string, x: X, small: boolean, place: string | undefined): string[] | undefined {
  const own = scene.startsWith("+");
  if (own && !x.heroIn) return undefined;
  const noun = place?.replace(/^(at|in|on|to) /i, "");
  const S = x.heroIn ? undefined : x.S;
  // "home" is no noun a sentence can go to or stand at
  // prettier-ignore
  const slots: Record<string, string | undefined> = { H: x.H, "H's": x.names, his: x.his, him: x.him, he: x.he, was: x.was, C: x.C, "C's": x.C && possessive(x.C),
    O: x.O, S, B: [S, x.O].find((w) => w && /\bbaby\b/i.test(w)), P: noun === "home" ? undefined : noun, at: place && atPlace(place) };
  let missing = false;
  const written = own ? scene.slice(1) : scene;
  const text = written.replace(SLOT, (_m, k: string, at: number) => {
    if (!(k in slots)) throw new Error(`scene slot {${k}} is not a part of the moment`);
    const value = slots[k] ?? ((missing = true), "");
    // "the new baby sister" starting a sentence
    return /(^|[.!?]["”]?\s+)$/.test(written.slice(0, at)) ? cap(value) : value;
  });
  if (missing) return undefined;
  const sentences = splitSentences(text).map(cap);
  const most = small ? 9 : 16;
  return sentences.every((s) => s.split(/\s+/).length <= most) ? sentences : undefined;
}

function tell(scenes: Scenes | undefined, x: X, small: boolean, place: string | undefined, away: boolean): string[][] {
  return (scenes ? (small ? scenes.small : scenes.big) : [])
    .filter((s) => !(away && ON_EARTH.test(s)))
    .map((s) => told(s, x, small, place))
    .filter((s): s is string[] => s !== undefined);
}

/** One page's worth of what a kind of moment holds beyond the parent's own sentence, 2–5 sentences each. */
export function scenesFor(cls: EventClass, x: X, small: boolean): string[][] {
  const scenes = Object.hasOwn(FOR, cls) ? FOR[cls as Calm] : undefined;
  return tell(scenes, x, small, x.P, whereOf(x.P) === "away");
}

/** Scenes of a place the parent named ("the zoo", "Grandma's house"), matched by its last word; [] for a place it does not know. */
export function scenesAt(place: string | undefined, x: X, small: boolean): string[][] {
  if (!place) return [];
  const head =
    place
      .toLowerCase()
      .replace(/[^a-z ]/g, "")
      .trim()
      .split(/\s+/)
      .pop() ?? "";
  // "the space station" is in space, whatever its last word says
  const key = /\bspace\b/i.test(place) ? "space" : (ALIASES[head] ?? head);
  return tell(Object.hasOwn(AT, key) ? AT[key] : undefined, x, small, place, false);
}
