// A small built-in scientific lexicon for offline query variations: common abbreviations,
// groups of interchangeable terms, British/American spellings and Greek letter names.
// Written for general scholarly text (medicine, biology, computing); never tuned to one data set.

/** Abbreviation -> its usual long form (matched case-sensitively on the short form). */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  AI: 'artificial intelligence', AIDS: 'acquired immunodeficiency syndrome',
  AD: "Alzheimer's disease", AF: 'atrial fibrillation', AKI: 'acute kidney injury',
  ALS: 'amyotrophic lateral sclerosis', AML: 'acute myeloid leukemia',
  ALL: 'acute lymphoblastic leukemia', ART: 'antiretroviral therapy', ASD: 'autism spectrum disorder',
  ATP: 'adenosine triphosphate', AZT: 'zidovudine', BMI: 'body mass index',
  BP: 'blood pressure', CAD: 'coronary artery disease', CBT: 'cognitive behavioural therapy',
  CHD: 'coronary heart disease', CI: 'confidence interval', CKD: 'chronic kidney disease',
  CLL: 'chronic lymphocytic leukemia', CML: 'chronic myeloid leukemia', CNN: 'convolutional neural network',
  CNS: 'central nervous system', COPD: 'chronic obstructive pulmonary disease',
  CRC: 'colorectal cancer', CSF: 'cerebrospinal fluid', CT: 'computed tomography',
  CVD: 'cardiovascular disease', DM: 'diabetes mellitus', DNA: 'deoxyribonucleic acid',
  DVT: 'deep vein thrombosis', ECG: 'electrocardiogram', EEG: 'electroencephalography',
  EMT: 'epithelial mesenchymal transition', ER: 'endoplasmic reticulum', ESC: 'embryonic stem cell',
  GDM: 'gestational diabetes mellitus', GI: 'gastrointestinal', GPU: 'graphics processing unit',
  GWAS: 'genome-wide association study', HbA1c: 'glycated haemoglobin', HBV: 'hepatitis B virus',
  HCC: 'hepatocellular carcinoma', HCV: 'hepatitis C virus', HDL: 'high-density lipoprotein',
  HIV: 'human immunodeficiency virus', HPV: 'human papillomavirus', HR: 'hazard ratio',
  HRT: 'hormone replacement therapy', HSC: 'hematopoietic stem cell', ICU: 'intensive care unit',
  IL: 'interleukin', IFN: 'interferon', iPSC: 'induced pluripotent stem cell',
  IVF: 'in vitro fertilisation', LDL: 'low-density lipoprotein', LLM: 'large language model',
  MI: 'myocardial infarction', miRNA: 'microRNA', ML: 'machine learning',
  MRI: 'magnetic resonance imaging', mRNA: 'messenger RNA', MS: 'multiple sclerosis',
  MSC: 'mesenchymal stem cell', mtDNA: 'mitochondrial DNA', NK: 'natural killer',
  NLP: 'natural language processing', NSAID: 'non-steroidal anti-inflammatory drug',
  NSCLC: 'non-small cell lung cancer', OR: 'odds ratio', PCR: 'polymerase chain reaction',
  PD: "Parkinson's disease", PET: 'positron emission tomography', PTSD: 'post-traumatic stress disorder',
  RA: 'rheumatoid arthritis', RCT: 'randomised controlled trial', RL: 'reinforcement learning',
  RNA: 'ribonucleic acid', ROS: 'reactive oxygen species', RR: 'relative risk',
  SCI: 'spinal cord injury', SLE: 'systemic lupus erythematosus', SNP: 'single nucleotide polymorphism',
  T1D: 'type 1 diabetes', T2D: 'type 2 diabetes', TB: 'tuberculosis', TBI: 'traumatic brain injury',
  TNF: 'tumour necrosis factor', UTI: 'urinary tract infection', VEGF: 'vascular endothelial growth factor',
  WHO: 'World Health Organization',
}

/** Terms that stand in for one another in a query (single words or short phrases). */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['increase', 'elevate', 'raise', 'enhance'],
  ['decrease', 'reduce', 'lower', 'diminish'],
  ['inhibit', 'suppress', 'block'],
  ['cause', 'induce', 'trigger'],
  ['tumor', 'tumour', 'neoplasm'],
  ['cancer', 'carcinoma', 'malignancy'],
  ['heart attack', 'myocardial infarction'],
  ['stroke', 'cerebrovascular accident'],
  ['death', 'mortality'],
  ['illness', 'disease', 'disorder'],
  ['drug', 'medication', 'agent'],
  ['elderly', 'older adults', 'aged'],
  ['children', 'paediatric', 'pediatric'],
  ['pregnancy', 'gestation'],
  ['kidney', 'renal'],
  ['liver', 'hepatic'],
  ['lung', 'pulmonary'],
  ['heart', 'cardiac'],
  ['brain', 'cerebral'],
  ['blood sugar', 'blood glucose'],
  ['obesity', 'overweight'],
  ['vaccine', 'immunisation', 'immunization'],
  ['gene expression', 'transcription'],
  ['neural network', 'deep learning'],
  ['dataset', 'corpus', 'benchmark'],
]

/** British spellings -> American (applied to whole words, both directions). */
export const SPELLING_PAIRS: readonly (readonly [string, string])[] = [
  ['anaemia', 'anemia'], ['haemoglobin', 'hemoglobin'], ['haemorrhage', 'hemorrhage'],
  ['ischaemia', 'ischemia'], ['ischaemic', 'ischemic'], ['leukaemia', 'leukemia'],
  ['oedema', 'edema'], ['oestrogen', 'estrogen'], ['oesophagus', 'esophagus'],
  ['foetal', 'fetal'], ['diarrhoea', 'diarrhea'], ['paediatric', 'pediatric'],
  ['tumour', 'tumor'], ['behaviour', 'behavior'], ['randomised', 'randomized'],
  ['haematopoietic', 'hematopoietic'], ['anaesthesia', 'anesthesia'], ['coeliac', 'celiac'],
  ['faeces', 'feces'], ['orthopaedic', 'orthopedic'], ['characterise', 'characterize'],
  ['organisation', 'organization'], ['optimise', 'optimize'], ['immunisation', 'immunization'],
]

/** Greek letters and their names, as both appear in gene and protein names. */
export const GREEK_LETTERS: Readonly<Record<string, string>> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ζ: 'zeta', η: 'eta',
  θ: 'theta', κ: 'kappa', λ: 'lambda', μ: 'mu', ξ: 'xi', π: 'pi', σ: 'sigma', τ: 'tau',
  φ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega',
}
