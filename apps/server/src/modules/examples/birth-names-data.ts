/**
 * First names for birth_names, grouped by how their popularity moved between 1965 and 2008.
 * Within a group, earlier names are more common. The trend shapes are applied in birth-names.ts.
 */
export type NameTrend = 'falling' | 'peaking' | 'steady' | 'rising';

export type NameGroups = Readonly<Record<NameTrend, readonly string[]>>;

function words(text: string): readonly string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

export const BOY_NAMES: NameGroups = {
  falling: words(`
    Mark Steven Kevin Timothy Jeffrey Scott Gregory Richard Charles Donald Gary Kenneth Paul Ronald
    Larry Dennis Terry Keith Craig Todd Troy Rodney Randy Darren Darryl Bradley Shawn Russell
    Douglas Wayne Roger Bruce Randall Glenn Philip Dale Rick Ricky Curtis Jerry Stanley Gerald
    Lawrence Carl Ralph Eugene Howard Jeffery Barry Tony Allen Victor Vincent Frank Raymond Edward
    George Peter Dean Bryan
  `),
  peaking: words(`
    Jason Brian Eric Jeremy Justin Adam Aaron Kyle Travis Derek Corey Jared Dustin Cody Brandon Sean
    Chad Joel Marcus Jesse Shane Casey Brett Seth Tyler Zachary Austin Dylan Devin Trevor Kristopher
    Erik Phillip Bobby Johnny
  `),
  steady: words(`
    Michael James John Robert William David Joseph Christopher Daniel Thomas Matthew Anthony Andrew
    Joshua Ryan Nicholas Benjamin Samuel Alexander Jonathan Nathan Jose Patrick Juan Carlos Luis
    Jesus Antonio Miguel Stephen Christian Jordan Adrian Jack Ian Evan Luke Cameron Alex Francisco
    Manuel Ricardo Martin Eduardo Javier Henry
  `),
  rising: words(`
    Jacob Ethan Noah Logan Aiden Jayden Mason Caleb Gavin Landon Elijah Isaiah Hunter Connor Owen
    Wyatt Carter Brayden Gabriel Isaac Jackson Liam Lucas Julian Chase Cole Hayden Colton Jaden
    Tristan Dominic Xavier Jaxon Blake Bryce Ayden Sebastian Carson Nolan Brody Levi Eli Oliver
    Cooper Parker Angel Diego Josiah Ashton Kaden Jace Easton Grayson Micah Max Jonah Jeremiah
    Chance Ryder
  `),
};

export const GIRL_NAMES: NameGroups = {
  falling: words(`
    Mary Linda Patricia Susan Deborah Barbara Debra Karen Nancy Donna Cynthia Sandra Pamela Sharon
    Kathleen Carol Diane Brenda Cheryl Janet Teresa Denise Lisa Tammy Julie Debbie Kathy Rhonda
    Cindy Tina Dawn Theresa Connie Wendy Gail Judy Lori Beverly Peggy Joyce Sheila Diana Paula
    Gloria Judith Robin Vicki Carolyn Janice Ann Martha Margaret Ruth Terri Tracy Renee Valerie
    Yvonne Bonnie Jill
  `),
  peaking: words(`
    Jennifer Amy Melissa Michelle Angela Heather Stephanie Nicole Jessica Amanda Sarah Kimberly
    Christina Crystal Tiffany Rebecca Erin Kelly Shannon Ashley Brittany Danielle April Amber
    Courtney Kristen Megan Lindsey Kayla Chelsea Samantha Erica Tara Holly Jamie Misty Stacy Christy
    Kristin Monica Andrea Allison Vanessa Whitney Brittney Kelsey Katie Heidi Dana Leslie
  `),
  steady: words(`
    Elizabeth Laura Emily Rachel Katherine Anna Victoria Maria Julia Lauren Hannah Alexandra Natalie
    Jordan Claire Caroline Christine Angelica Veronica Gabriela Alicia Sara Adriana Ana Kathryn
    Kristina Mariah Melanie Jasmine Alyssa Morgan Taylor Brianna Destiny Jenna Jacqueline Leah Rose
    Katelyn Erika Catherine
  `),
  rising: words(`
    Emma Madison Olivia Isabella Ava Abigail Sophia Chloe Addison Ella Mia Lily Grace Avery Zoe
    Brooklyn Aubrey Evelyn Paige Mackenzie Makayla Savannah Gabriella Riley Sydney Kaylee Alexis
    Trinity Audrey Nevaeh Peyton Hailey Layla Aaliyah Arianna Bailey Faith Jada Jocelyn Kylie
    Lillian Madeline Molly Payton Valeria Ximena Serenity Sofia Alexa Camila Isabel Gianna Natalia
    Kennedy Autumn
  `),
};

/**
 * US states plus DC by approximate 2000 census population (millions), with a rough drift of that
 * weight per 35 years so that Sun Belt states gain and Rust Belt states lose share over time.
 * 'other' collects births the data cannot place in a state.
 */
export interface StateWeight {
  readonly code: string;
  readonly population: number;
  readonly drift: number;
}

export const STATE_WEIGHTS: readonly StateWeight[] = [
  { code: 'CA', population: 33.9, drift: 0.4 },
  { code: 'TX', population: 20.9, drift: 0.5 },
  { code: 'NY', population: 19.0, drift: -0.15 },
  { code: 'FL', population: 16.0, drift: 0.6 },
  { code: 'IL', population: 12.4, drift: -0.1 },
  { code: 'PA', population: 12.3, drift: -0.2 },
  { code: 'OH', population: 11.4, drift: -0.15 },
  { code: 'MI', population: 9.9, drift: -0.1 },
  { code: 'NJ', population: 8.4, drift: 0 },
  { code: 'GA', population: 8.2, drift: 0.5 },
  { code: 'NC', population: 8.0, drift: 0.35 },
  { code: 'VA', population: 7.1, drift: 0.2 },
  { code: 'MA', population: 6.3, drift: -0.05 },
  { code: 'IN', population: 6.1, drift: 0 },
  { code: 'WA', population: 5.9, drift: 0.3 },
  { code: 'TN', population: 5.7, drift: 0.15 },
  { code: 'MO', population: 5.6, drift: 0 },
  { code: 'WI', population: 5.4, drift: 0 },
  { code: 'MD', population: 5.3, drift: 0.05 },
  { code: 'AZ', population: 5.1, drift: 0.9 },
  { code: 'MN', population: 4.9, drift: 0.05 },
  { code: 'LA', population: 4.5, drift: -0.05 },
  { code: 'AL', population: 4.4, drift: 0 },
  { code: 'CO', population: 4.3, drift: 0.4 },
  { code: 'KY', population: 4.0, drift: 0 },
  { code: 'SC', population: 4.0, drift: 0.2 },
  { code: 'OK', population: 3.5, drift: 0 },
  { code: 'OR', population: 3.4, drift: 0.2 },
  { code: 'CT', population: 3.4, drift: -0.05 },
  { code: 'IA', population: 2.9, drift: -0.1 },
  { code: 'MS', population: 2.8, drift: 0 },
  { code: 'KS', population: 2.7, drift: 0 },
  { code: 'AR', population: 2.7, drift: 0 },
  { code: 'UT', population: 2.2, drift: 0.5 },
  { code: 'NV', population: 2.0, drift: 1.2 },
  { code: 'NM', population: 1.8, drift: 0.2 },
  { code: 'WV', population: 1.8, drift: -0.2 },
  { code: 'NE', population: 1.7, drift: 0 },
  { code: 'ID', population: 1.3, drift: 0.4 },
  { code: 'ME', population: 1.3, drift: -0.05 },
  { code: 'NH', population: 1.2, drift: 0.1 },
  { code: 'HI', population: 1.2, drift: 0.05 },
  { code: 'RI', population: 1.0, drift: -0.05 },
  { code: 'MT', population: 0.9, drift: 0 },
  { code: 'DE', population: 0.8, drift: 0.1 },
  { code: 'SD', population: 0.75, drift: 0 },
  { code: 'ND', population: 0.64, drift: -0.1 },
  { code: 'AK', population: 0.63, drift: 0.2 },
  { code: 'VT', population: 0.61, drift: -0.05 },
  { code: 'DC', population: 0.57, drift: -0.2 },
  { code: 'WY', population: 0.49, drift: 0 },
  { code: 'other', population: 1.0, drift: 0 },
];

/** US births per year (millions) at anchor years; years between are interpolated linearly. */
export const BIRTHS_BY_YEAR: readonly (readonly [number, number])[] = [
  [1965, 3.76],
  [1968, 3.5],
  [1970, 3.73],
  [1973, 3.14],
  [1976, 3.17],
  [1980, 3.61],
  [1985, 3.76],
  [1990, 4.16],
  [1995, 3.9],
  [2000, 4.06],
  [2005, 4.14],
  [2007, 4.32],
  [2008, 4.25],
];
