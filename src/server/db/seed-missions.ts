/** Demo providers and missions seeded into a new database, so the app has something to show at once. */
import type { LocalizedText, StoredIntegration, WidgetThemeName } from './schema-types'

export interface DemoProvider {
  slug: string
  name: string
  /** Every demo brand in English, French and Spanish, as the demo missions are. */
  description: Required<LocalizedText>
  theme: WidgetThemeName
}

export interface DemoMission {
  code: string
  provider: string
  title: LocalizedText
  description: LocalizedText
  tips: LocalizedText
  integration: StoredIntegration
  reward: { model: 'cpc' | 'fixed'; cents: number }
  goal: number
  spots: number
  budgetCents: number | null
  /** Days relative to the seeding day: starts in the past, ends in the future or never (null). */
  startDaysAgo: number
  endsInDays: number | null
}

export const demoProviders: DemoProvider[] = [
  {
    slug: 'nova-games',
    name: 'Nova Games',
    description: {
      en: 'Independent studio behind Starfall Odyssey, a cooperative space exploration game.',
      fr: 'Studio indépendant à l’origine de Starfall Odyssey, un jeu coopératif d’exploration spatiale.',
      es: 'Estudio independiente creador de Starfall Odyssey, un juego cooperativo de exploración espacial.',
    },
    theme: 'nova',
  },
  {
    slug: 'armored-front',
    name: 'Armored Front',
    description: {
      en: 'Free-to-play tank battles: 15 versus 15, historical vehicles, weekly tournaments.',
      fr: 'Batailles de chars en free-to-play : 15 contre 15, véhicules historiques, tournois chaque semaine.',
      es: 'Batallas de tanques free-to-play: 15 contra 15, vehículos históricos y torneos semanales.',
    },
    theme: 'wargaming',
  },
  {
    slug: 'spike-energy',
    name: 'Spike Energy',
    description: {
      en: 'Energy drinks made for long sessions, partner of esports teams across Europe.',
      fr: 'Boissons énergisantes pensées pour les longues sessions, partenaire d’équipes esport dans toute l’Europe.',
      es: 'Bebidas energéticas pensadas para sesiones largas, patrocinador de equipos de esports en toda Europa.',
    },
    theme: 'spike',
  },
  {
    slug: 'arcade-hub',
    name: 'Arcade Hub',
    description: {
      en: 'Retro and indie games in the browser, with community events every weekend.',
      fr: 'Jeux rétro et indépendants dans le navigateur, avec des événements communautaires chaque week-end.',
      es: 'Juegos retro e independientes en el navegador, con eventos de la comunidad cada fin de semana.',
    },
    theme: 'arcade',
  },
]

const url = (template: string, type: string): StoredIntegration => ({ type, parameters: { URL: template } })

export const demoMissions: DemoMission[] = [
  {
    code: 'starfall-launch',
    provider: 'nova-games',
    title: {
      en: 'Play Starfall Odyssey live',
      fr: 'Jouez à Starfall Odyssey en direct',
      es: 'Juega a Starfall Odyssey en directo',
    },
    description: {
      en: 'Stream at least one hour of Starfall Odyssey and give your viewers the launch-week code page.',
      fr: 'Diffusez au moins une heure de Starfall Odyssey et partagez la page du code de lancement avec vos spectateurs.',
      es: 'Emite al menos una hora de Starfall Odyssey y comparte con tu audiencia la página del código de lanzamiento.',
    },
    tips: {
      en: 'Pin the link in chat and mention the free starter ship that comes with the code.',
      fr: 'Épinglez le lien dans le chat et parlez du vaisseau de départ offert avec le code.',
      es: 'Fija el enlace en el chat y menciona la nave inicial gratuita que incluye el código.',
    },
    integration: { type: 'CUSTOM_CODE', parameters: { ABSOLUTE_LINK: 'https://novagames.example/redeem' } },
    reward: { model: 'cpc', cents: 15 },
    goal: 500,
    spots: 200,
    budgetCents: 150_000,
    startDaysAgo: 12,
    endsInDays: 45,
  },
  {
    code: 'starfall-creator-pack',
    provider: 'nova-games',
    title: {
      en: 'Starfall creator pack',
      fr: 'Pack créateur Starfall',
      es: 'Pack de creador de Starfall',
    },
    description: {
      en: 'Bring 100 viewers to the Starfall shop with your creator link and earn a fixed reward.',
      fr: 'Amenez 100 spectateurs sur la boutique Starfall avec votre lien créateur et touchez une prime fixe.',
      es: 'Lleva a 100 espectadores a la tienda de Starfall con tu enlace de creador y gana una recompensa fija.',
    },
    tips: {
      en: 'Show the in-game cosmetics on stream before sharing the link; viewers click what they have seen.',
      fr: 'Montrez les cosmétiques en jeu avant de partager le lien : les spectateurs cliquent sur ce qu’ils ont vu.',
      es: 'Enseña los cosméticos del juego antes de compartir el enlace: la gente hace clic en lo que ha visto.',
    },
    integration: url('https://novagames.example/shop?creator=%username%', 'MIXTE'),
    reward: { model: 'fixed', cents: 5000 },
    goal: 100,
    spots: 50,
    budgetCents: null,
    startDaysAgo: 20,
    endsInDays: 30,
  },
  {
    code: 'starfall-wishlist',
    provider: 'nova-games',
    title: {
      en: 'Wishlist the Starfall expansion',
      fr: 'Ajoutez l’extension Starfall à votre liste de souhaits',
      es: 'Añade la expansión de Starfall a tu lista de deseos',
    },
    description: {
      en: 'Every viewer who opens the expansion page through your link counts.',
      fr: 'Chaque spectateur qui ouvre la page de l’extension via votre lien compte.',
      es: 'Cuenta cada espectador que abre la página de la expansión desde tu enlace.',
    },
    tips: {
      en: 'A chat command such as !wishlist makes the link easy to find during the whole stream.',
      fr: 'Une commande de chat comme !wishlist rend le lien facile à trouver pendant tout le live.',
      es: 'Un comando de chat como !wishlist hace que el enlace sea fácil de encontrar durante todo el directo.',
    },
    integration: url('https://novagames.example/expansion?ref=%username%', 'LINK'),
    reward: { model: 'cpc', cents: 8 },
    goal: 2000,
    spots: 300,
    budgetCents: 20_000,
    startDaysAgo: 5,
    endsInDays: null,
  },
  {
    code: 'armored-front-recruits',
    provider: 'armored-front',
    title: {
      en: 'Recruit new tank commanders',
      fr: 'Recrutez de nouveaux commandants de char',
      es: 'Recluta nuevos comandantes de tanque',
    },
    description: {
      en: 'Invite your viewers to join Armored Front with your recruitment link; new players get a premium tank for 7 days.',
      fr: 'Invitez vos spectateurs à rejoindre Armored Front avec votre lien de recrutement ; les nouveaux joueurs reçoivent un char premium pendant 7 jours.',
      es: 'Invita a tu audiencia a unirse a Armored Front con tu enlace de reclutamiento; los nuevos jugadores reciben un tanque premium durante 7 días.',
    },
    tips: {
      en: 'Play a few battles in a tier V tank: it is what new recruits will drive first.',
      fr: 'Jouez quelques batailles en char de rang V : c’est ce que les recrues conduiront en premier.',
      es: 'Juega algunas batallas con un tanque de nivel V: es lo primero que conducirán los reclutas.',
    },
    integration: url(
      'https://armoredfront.example/recruit?invite=%username%&campaign=%mission%',
      'WARGAMING',
    ),
    reward: { model: 'cpc', cents: 20 },
    goal: 1000,
    spots: 150,
    budgetCents: 300_000,
    startDaysAgo: 30,
    endsInDays: 60,
  },
  {
    code: 'armored-front-tournament',
    provider: 'armored-front',
    title: {
      en: 'Cast the spring tournament',
      fr: 'Commentez le tournoi de printemps',
      es: 'Comenta el torneo de primavera',
    },
    description: {
      en: 'Co-stream the spring tournament finals and reach 300 visits on the tournament page.',
      fr: 'Co-diffusez les finales du tournoi de printemps et atteignez 300 visites sur la page du tournoi.',
      es: 'Retransmite las finales del torneo de primavera y alcanza 300 visitas en la página del torneo.',
    },
    tips: {
      en: 'Predictions in chat keep viewers around between matches.',
      fr: 'Les pronostics dans le chat retiennent les spectateurs entre les matchs.',
      es: 'Las predicciones en el chat mantienen a la audiencia entre partidas.',
    },
    integration: url('https://armoredfront.example/tournament?caster=%username%&ref=%mission%', 'WARGAMING'),
    reward: { model: 'fixed', cents: 7500 },
    goal: 300,
    spots: 20,
    budgetCents: null,
    startDaysAgo: 3,
    endsInDays: 21,
  },
  {
    code: 'spike-summer-drop',
    provider: 'spike-energy',
    title: {
      en: 'Spike summer flavour drop',
      fr: 'Nouvelle saveur d’été Spike',
      es: 'Nuevo sabor de verano de Spike',
    },
    description: {
      en: 'Share the summer flavour page; each unique visitor earns you a reward.',
      fr: 'Partagez la page de la saveur d’été : chaque visiteur unique vous rapporte une prime.',
      es: 'Comparte la página del sabor de verano: cada visitante único te da una recompensa.',
    },
    tips: {
      en: 'Keep the can on camera during a break rather than reading an advert.',
      fr: 'Gardez la canette à l’écran pendant une pause plutôt que de lire une publicité.',
      es: 'Deja la lata a la vista durante una pausa en lugar de leer un anuncio.',
    },
    integration: url('https://spike.example/drop/%mission%?ref=%username%', 'SPIKE_LINK'),
    reward: { model: 'cpc', cents: 12 },
    goal: 800,
    spots: 250,
    budgetCents: 100_000,
    startDaysAgo: 8,
    endsInDays: 40,
  },
  {
    code: 'spike-season-pass',
    provider: 'spike-energy',
    title: {
      en: 'Spike esports season pass',
      fr: 'Pass saison esport Spike',
      es: 'Pase de temporada de esports Spike',
    },
    description: {
      en: 'Reach 250 visits on the Spike esports season pass page and earn a fixed bonus.',
      fr: 'Atteignez 250 visites sur la page du pass saison esport Spike et touchez un bonus fixe.',
      es: 'Alcanza 250 visitas en la página del pase de temporada de esports Spike y gana un bonus fijo.',
    },
    tips: {
      en: 'Watch-parties of the league matches work best for this mission.',
      fr: 'Les watch-parties des matchs de la ligue fonctionnent le mieux pour cette mission.',
      es: 'Las watch parties de los partidos de la liga funcionan mejor para esta misión.',
    },
    integration: url('https://spike.example/season/%mission%?creator=%username%', 'SPIKE_LINK'),
    reward: { model: 'fixed', cents: 4000 },
    goal: 250,
    spots: 40,
    budgetCents: null,
    startDaysAgo: 15,
    endsInDays: null,
  },
  {
    code: 'arcade-retro-night',
    provider: 'arcade-hub',
    title: {
      en: 'Retro night on Arcade Hub',
      fr: 'Soirée rétro sur Arcade Hub',
      es: 'Noche retro en Arcade Hub',
    },
    description: {
      en: 'Host a retro games night and send your viewers to play along in the browser.',
      fr: 'Animez une soirée jeux rétro et invitez vos spectateurs à jouer avec vous dans le navigateur.',
      es: 'Organiza una noche de juegos retro e invita a tu audiencia a jugar contigo en el navegador.',
    },
    tips: {
      en: 'Challenge chat to beat your high score; the leaderboard link is the tracking link.',
      fr: 'Défiez le chat de battre votre record : le lien du classement est le lien de suivi.',
      es: 'Reta al chat a superar tu récord: el enlace de la clasificación es el enlace de seguimiento.',
    },
    integration: url('https://arcadehub.example/events/retro?streamer=%username%', 'LINK'),
    reward: { model: 'cpc', cents: 10 },
    goal: 400,
    spots: 100,
    budgetCents: 40_000,
    startDaysAgo: 10,
    endsInDays: 14,
  },
  {
    code: 'arcade-speedrun',
    provider: 'arcade-hub',
    title: {
      en: 'Arcade Hub speedrun challenge',
      fr: 'Défi speedrun Arcade Hub',
      es: 'Desafío speedrun de Arcade Hub',
    },
    description: {
      en: 'Speedrun any Arcade Hub game live and bring 150 viewers to the challenge page.',
      fr: 'Faites un speedrun de n’importe quel jeu Arcade Hub en direct et amenez 150 spectateurs sur la page du défi.',
      es: 'Haz un speedrun de cualquier juego de Arcade Hub en directo y lleva a 150 espectadores a la página del desafío.',
    },
    tips: {
      en: 'Show a split timer on screen: viewers love to race along.',
      fr: 'Affichez un chronomètre à l’écran : les spectateurs adorent courir avec vous.',
      es: 'Muestra un cronómetro en pantalla: a la audiencia le encanta competir contigo.',
    },
    integration: url('https://arcadehub.example/speedrun?runner=%username%', 'LINK'),
    reward: { model: 'fixed', cents: 3000 },
    goal: 150,
    spots: 30,
    budgetCents: null,
    startDaysAgo: 2,
    endsInDays: 28,
  },
  {
    code: 'arcade-community-code',
    provider: 'arcade-hub',
    title: {
      en: 'Arcade Hub community code',
      fr: 'Code communauté Arcade Hub',
      es: 'Código de comunidad de Arcade Hub',
    },
    description: {
      en: 'Give your community code to 50 viewers; they unlock a month of Arcade Hub Plus.',
      fr: 'Donnez votre code communauté à 50 spectateurs : ils débloquent un mois d’Arcade Hub Plus.',
      es: 'Da tu código de comunidad a 50 espectadores: desbloquean un mes de Arcade Hub Plus.',
    },
    tips: {
      en: 'Read the code out loud once an hour for viewers who joined late.',
      fr: 'Lisez le code à voix haute une fois par heure pour ceux qui arrivent en cours de live.',
      es: 'Lee el código en voz alta una vez por hora para quienes lleguen tarde.',
    },
    integration: { type: 'CUSTOM_CODE', parameters: { ABSOLUTE_LINK: 'https://arcadehub.example/plus' } },
    reward: { model: 'fixed', cents: 2500 },
    goal: 50,
    spots: 60,
    budgetCents: null,
    startDaysAgo: 25,
    endsInDays: 90,
  },
]

export const featuredMissionCodes = [
  'starfall-launch',
  'armored-front-recruits',
  'spike-summer-drop',
  'arcade-retro-night',
]
