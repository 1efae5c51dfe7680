/**
 * Countries and economies for wb_health_population, in World Bank style naming and regions.
 * Each line: ISO-3 code | name | population 2015 (millions) | income tier | flags.
 * Tiers: H high, UM upper-middle, LM lower-middle, L low income (as of the mid 2010s).
 * Flags: h = deep HIV-era life-expectancy dip, o = oil exporter (high CO2; in the Gulf also a
 * population boom), s = slow-growing, early-transition population (most of Europe, the former
 * Soviet Union), u = city state (no rural population), nYYYY = economic series start in YYYY
 * (earlier years NULL).
 */
export const WB_REGIONS = [
  'East Asia & Pacific',
  'Europe & Central Asia',
  'Latin America & Caribbean',
  'Middle East & North Africa',
  'North America',
  'South Asia',
  'Sub-Saharan Africa',
] as const;
export type WbRegion = (typeof WB_REGIONS)[number];

export type IncomeTier = 'H' | 'UM' | 'LM' | 'L';

export const COUNTRY_LINES: Readonly<Record<WbRegion, string>> = {
  'East Asia & Pacific': `
    ASM|American Samoa|0.056|UM|n2002
    AUS|Australia|23.8|H|
    BRN|Brunei Darussalam|0.42|H|o
    KHM|Cambodia|15.5|L|n1993
    CHN|China|1371|UM|
    FJI|Fiji|0.87|UM|
    PYF|French Polynesia|0.28|H|
    GUM|Guam|0.16|H|n2002
    HKG|Hong Kong SAR, China|7.29|H|u
    IDN|Indonesia|258|LM|
    JPN|Japan|127|H|s
    KIR|Kiribati|0.11|LM|
    PRK|Korea, Dem. People's Rep.|25.2|L|n1990
    KOR|Korea, Rep.|50.6|H|
    LAO|Lao PDR|6.7|LM|n1984
    MAC|Macao SAR, China|0.6|H|u
    MYS|Malaysia|30.3|UM|
    MHL|Marshall Islands|0.053|UM|n1981
    FSM|Micronesia, Fed. Sts.|0.104|LM|n1986
    MNG|Mongolia|2.98|LM|n1981
    MMR|Myanmar|52.4|LM|
    NRU|Nauru|0.012|UM|n2004
    NCL|New Caledonia|0.27|H|
    NZL|New Zealand|4.6|H|
    MNP|Northern Mariana Islands|0.055|H|n2002
    PLW|Palau|0.018|UM|n1994
    PNG|Papua New Guinea|7.9|LM|
    PHL|Philippines|101.7|LM|
    WSM|Samoa|0.19|LM|
    SGP|Singapore|5.5|H|u
    SLB|Solomon Islands|0.59|LM|
    THA|Thailand|68.7|UM|
    TLS|Timor-Leste|1.24|LM|n2002
    TON|Tonga|0.1|UM|n1975
    TUV|Tuvalu|0.011|UM|n1990
    VUT|Vanuatu|0.26|LM|n1979
    VNM|Vietnam|92.7|LM|n1985
  `,
  'Europe & Central Asia': `
    ALB|Albania|2.88|UM|n1984
    AND|Andorra|0.078|H|
    ARM|Armenia|2.92|LM|s n1990
    AUT|Austria|8.6|H|s
    AZE|Azerbaijan|9.6|UM|n1990
    BLR|Belarus|9.5|UM|s n1990
    BEL|Belgium|11.3|H|s
    BIH|Bosnia and Herzegovina|3.5|UM|s n1994
    BGR|Bulgaria|7.2|UM|s n1980
    CHI|Channel Islands|0.16|H|s
    HRV|Croatia|4.2|H|s n1992
    CYP|Cyprus|1.16|H|
    CZE|Czech Republic|10.5|H|s n1990
    DNK|Denmark|5.7|H|s
    EST|Estonia|1.3|H|s n1992
    FRO|Faroe Islands|0.048|H|
    FIN|Finland|5.5|H|s
    FRA|France|66.6|H|
    GEO|Georgia|3.7|LM|s n1990
    DEU|Germany|81.7|H|s
    GIB|Gibraltar|0.034|H|
    GRC|Greece|10.8|H|s
    GRL|Greenland|0.056|H|
    HUN|Hungary|9.8|H|s
    ISL|Iceland|0.33|H|
    IRL|Ireland|4.7|H|
    IMN|Isle of Man|0.083|H|
    ITA|Italy|60.7|H|s
    KAZ|Kazakhstan|17.5|UM|n1990
    XKX|Kosovo|1.8|LM|n2000
    KGZ|Kyrgyz Republic|5.96|LM|n1990
    LVA|Latvia|1.98|H|s n1992
    LIE|Liechtenstein|0.037|H|
    LTU|Lithuania|2.9|H|s n1992
    LUX|Luxembourg|0.57|H|o
    MKD|Macedonia, FYR|2.07|UM|s n1990
    MDA|Moldova|3.55|LM|s n1992
    MCO|Monaco|0.038|H|u
    MNE|Montenegro|0.62|UM|s n1997
    NLD|Netherlands|16.9|H|
    NOR|Norway|5.2|H|
    POL|Poland|38.0|H|s n1990
    PRT|Portugal|10.4|H|s
    ROU|Romania|19.8|UM|s n1987
    RUS|Russian Federation|144|UM|s n1989
    SMR|San Marino|0.033|H|
    SRB|Serbia|7.1|UM|s n1995
    SVK|Slovak Republic|5.42|H|s n1990
    SVN|Slovenia|2.06|H|s n1990
    ESP|Spain|46.4|H|
    SWE|Sweden|9.8|H|s
    CHE|Switzerland|8.3|H|
    TJK|Tajikistan|8.5|L|n1990
    TUR|Turkey|78.3|UM|
    TKM|Turkmenistan|5.4|UM|n1990
    UKR|Ukraine|45.2|LM|s n1990
    GBR|United Kingdom|65.1|H|s
    UZB|Uzbekistan|31.3|LM|n1990
  `,
  'Latin America & Caribbean': `
    ATG|Antigua and Barbuda|0.099|H|n1977
    ARG|Argentina|43.4|UM|
    ABW|Aruba|0.104|H|n1986
    BHS|Bahamas, The|0.386|H|
    BRB|Barbados|0.284|H|
    BLZ|Belize|0.36|UM|
    BOL|Bolivia|10.7|LM|
    BRA|Brazil|205.9|UM|
    VGB|British Virgin Islands|0.03|H|n1990
    CYM|Cayman Islands|0.06|H|n1996
    CHL|Chile|17.8|H|
    COL|Colombia|48.2|UM|
    CRI|Costa Rica|4.8|UM|
    CUB|Cuba|11.4|UM|n1970
    CUW|Curacao|0.158|H|n2000
    DMA|Dominica|0.073|UM|n1977
    DOM|Dominican Republic|10.5|UM|
    ECU|Ecuador|16.1|UM|
    SLV|El Salvador|6.3|LM|
    GRD|Grenada|0.107|UM|n1977
    GTM|Guatemala|16.3|LM|
    GUY|Guyana|0.77|UM|
    HTI|Haiti|10.7|L|
    HND|Honduras|8.96|LM|
    JAM|Jamaica|2.8|UM|
    MEX|Mexico|125.9|UM|
    NIC|Nicaragua|6.1|LM|
    PAN|Panama|3.97|UM|
    PRY|Paraguay|6.6|UM|
    PER|Peru|31.4|UM|
    PRI|Puerto Rico|3.47|H|
    SXM|Sint Maarten (Dutch part)|0.038|H|n2008
    KNA|St. Kitts and Nevis|0.055|H|n1977
    LCA|St. Lucia|0.177|UM|n1977
    MAF|St. Martin (French part)|0.031|H|n2005
    VCT|St. Vincent and the Grenadines|0.109|UM|
    SUR|Suriname|0.56|UM|
    TTO|Trinidad and Tobago|1.36|H|o
    TCA|Turks and Caicos Islands|0.034|H|n2000
    URY|Uruguay|3.43|H|
    VEN|Venezuela, RB|31.1|UM|o
    VIR|Virgin Islands (U.S.)|0.104|H|n2002
  `,
  'Middle East & North Africa': `
    DZA|Algeria|39.9|UM|o
    BHR|Bahrain|1.37|H|o n1980
    DJI|Djibouti|0.93|LM|n1990
    EGY|Egypt, Arab Rep.|93.8|LM|
    IRN|Iran, Islamic Rep.|79.1|UM|o
    IRQ|Iraq|36.1|UM|o n1968
    ISR|Israel|8.4|H|
    JOR|Jordan|9.2|UM|
    KWT|Kuwait|3.9|H|o u n1965
    LBN|Lebanon|5.9|UM|n1988
    LBY|Libya|6.2|UM|o n1990
    MLT|Malta|0.43|H|
    MAR|Morocco|34.8|LM|
    OMN|Oman|4.2|H|o n1965
    QAT|Qatar|2.5|H|o n1970
    SAU|Saudi Arabia|31.5|H|o n1968
    SYR|Syrian Arab Republic|18.7|LM|
    TUN|Tunisia|11.3|LM|
    ARE|United Arab Emirates|9.2|H|o n1975
    PSE|West Bank and Gaza|4.4|LM|n1994
    YEM|Yemen, Rep.|26.9|L|n1990
  `,
  'North America': `
    BMU|Bermuda|0.065|H|u
    CAN|Canada|35.8|H|
    USA|United States|321.4|H|
  `,
  'South Asia': `
    AFG|Afghanistan|33.7|L|
    BGD|Bangladesh|161|LM|
    BTN|Bhutan|0.79|LM|n1980
    IND|India|1311|LM|
    MDV|Maldives|0.41|UM|n1980
    NPL|Nepal|28.5|L|
    PAK|Pakistan|188.9|LM|
    LKA|Sri Lanka|21.0|LM|
  `,
  'Sub-Saharan Africa': `
    AGO|Angola|25.0|UM|o n1980
    BEN|Benin|10.9|L|
    BWA|Botswana|2.26|UM|h
    BFA|Burkina Faso|18.1|L|
    BDI|Burundi|11.2|L|
    CPV|Cabo Verde|0.52|LM|n1980
    CMR|Cameroon|23.3|LM|
    CAF|Central African Republic|4.9|L|
    TCD|Chad|14.0|L|
    COM|Comoros|0.79|L|n1980
    COD|Congo, Dem. Rep.|77.3|L|
    COG|Congo, Rep.|4.6|LM|o
    CIV|Cote d'Ivoire|22.7|LM|
    GNQ|Equatorial Guinea|0.85|UM|o n1985
    ERI|Eritrea|5.2|L|n1992
    ETH|Ethiopia|99.4|L|n1981
    GAB|Gabon|1.7|UM|o
    GMB|Gambia, The|2.0|L|
    GHA|Ghana|27.4|LM|
    GIN|Guinea|12.6|L|n1986
    GNB|Guinea-Bissau|1.8|L|n1970
    KEN|Kenya|46.1|LM|h
    LSO|Lesotho|2.1|LM|h
    LBR|Liberia|4.5|L|
    MDG|Madagascar|24.2|L|
    MWI|Malawi|17.2|L|h
    MLI|Mali|17.6|L|n1967
    MRT|Mauritania|4.1|LM|
    MUS|Mauritius|1.26|UM|n1976
    MOZ|Mozambique|28.0|L|h n1980
    NAM|Namibia|2.46|UM|h n1980
    NER|Niger|19.9|L|
    NGA|Nigeria|182.2|LM|o
    RWA|Rwanda|11.6|L|
    STP|Sao Tome and Principe|0.19|LM|n2001
    SEN|Senegal|15.1|L|
    SYC|Seychelles|0.093|H|
    SLE|Sierra Leone|6.5|L|
    SOM|Somalia|10.8|L|n1990
    ZAF|South Africa|55.0|UM|h
    SSD|South Sudan|12.3|L|n2008
    SDN|Sudan|40.2|LM|
    SWZ|Swaziland|1.29|LM|h
    TZA|Tanzania|53.5|L|h n1988
    TGO|Togo|7.3|L|
    UGA|Uganda|39.0|L|h n1982
    ZMB|Zambia|16.2|LM|h
    ZWE|Zimbabwe|15.6|L|h
  `,
};
