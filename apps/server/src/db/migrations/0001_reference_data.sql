-- Reference data, version ref-2026.1. Sources: shared/reference/domain-facts.md. Factors are marked unverified until checked against the primary publication.
INSERT INTO material_types (code, name, polymer, form, resin_code, description, recycling_kg_co2e_per_t, virgin_kg_co2e_per_t, factor_source, factor_verified, sort_order, ref_version) VALUES
  ('PET_BOTTLES_CLEAR', 'PET clear bottles', 'PET', 'bottles', 1, 'Clear post-consumer PET beverage bottles (mineral water, soft drinks), loose or baled.', -1146, 2447, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 10, 'ref-2026.1'),
  ('PET_BOTTLES_COLOURED', 'PET coloured bottles', 'PET', 'bottles', 1, 'Green, blue and amber PET bottles; lower value than clear.', -1146, 2447, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 20, 'ref-2026.1'),
  ('PET_BALE', 'PET bottle bale', 'PET', 'bale', 1, 'Baled PET bottles as traded between junkshops, aggregators and recyclers.', -1146, 2447, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 30, 'ref-2026.1'),
  ('PET_FLAKE', 'PET flake (washed)', 'PET', 'flake', 1, 'Hot-washed PET flake, the main recyclate for fibre and bottle-to-bottle.', -1146, 2447, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 40, 'ref-2026.1'),
  ('PET_PELLET', 'PET pellet (rPET)', 'PET', 'pellet', 1, 'Extruded, pelletised recycled PET.', -1146, 2447, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 50, 'ref-2026.1'),
  ('HDPE_NATURAL', 'HDPE natural rigid', 'HDPE', 'rigid', 2, 'Natural (uncoloured) HDPE containers: milk and water gallons.', -838, 1675, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 60, 'ref-2026.1'),
  ('HDPE_COLOURED', 'HDPE coloured rigid', 'HDPE', 'rigid', 2, 'Coloured HDPE containers: detergent, shampoo, pails.', -838, 1675, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 70, 'ref-2026.1'),
  ('HDPE_FILM', 'HDPE film', 'HDPE', 'film', 2, 'HDPE film and carrier bags.', -838, 1675, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 80, 'ref-2026.1'),
  ('HDPE_REGRIND', 'HDPE regrind', 'HDPE', 'regrind', 2, 'Shredded HDPE regrind, washed or unwashed.', -838, 1675, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 90, 'ref-2026.1'),
  ('HDPE_PELLET', 'HDPE pellet (rHDPE)', 'HDPE', 'pellet', 2, 'Extruded, pelletised recycled HDPE.', -838, 1675, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 100, 'ref-2026.1'),
  ('PVC_RIGID', 'PVC rigid', 'PVC', 'rigid', 3, 'Rigid PVC: pipes, profiles, blister packs.', NULL, 2083, 'EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled', false, 110, 'ref-2026.1'),
  ('LDPE_FILM', 'LDPE film', 'LDPE', 'film', 4, 'Clear and printed LDPE/LLDPE film, shrink and stretch wrap.', NULL, 1940, 'EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled', false, 120, 'ref-2026.1'),
  ('LDPE_SANDO', 'LDPE sando bags', 'LDPE', 'film', 4, 'Post-consumer "sando" carrier bags and labo bags.', NULL, 1940, 'EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled', false, 130, 'ref-2026.1'),
  ('LDPE_PELLET', 'LDPE pellet (rLDPE)', 'LDPE', 'pellet', 4, 'Agglomerated and pelletised recycled LDPE.', NULL, 1940, 'EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled', false, 140, 'ref-2026.1'),
  ('PP_RIGID', 'PP rigid', 'PP', 'rigid', 5, 'PP containers, caps, crates, monobloc chairs.', -871, 1687, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 150, 'ref-2026.1'),
  ('PP_WOVEN', 'PP woven sacks', 'PP', 'film', 5, 'Woven PP sacks (rice, feed, cement) and raffia.', -871, 1687, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 160, 'ref-2026.1'),
  ('PP_REGRIND', 'PP regrind', 'PP', 'regrind', 5, 'Shredded PP regrind.', -871, 1687, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 170, 'ref-2026.1'),
  ('PP_PELLET', 'PP pellet (rPP)', 'PP', 'pellet', 5, 'Extruded, pelletised recycled PP.', -871, 1687, 'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t', false, 180, 'ref-2026.1'),
  ('PS_RIGID', 'PS rigid', 'PS', 'rigid', 6, 'Rigid polystyrene: cups, cutlery, cassette cases.', NULL, 2712, 'EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled', false, 190, 'ref-2026.1'),
  ('EPS_FOAM', 'EPS foam', 'PS', 'mixed', 6, 'Expanded polystyrene food containers and packaging foam.', NULL, 2712, 'EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled', false, 200, 'ref-2026.1'),
  ('MLP_SACHETS', 'Sachets and multilayer flexibles', 'OTHER', 'film', 7, 'Sachets, laminates and multilayer flexibles covered by RA 11898; mostly co-processed.', NULL, NULL, 'No polymer-specific factor: use a mixed-plastics assumption only with care', false, 210, 'ref-2026.1'),
  ('MIXED_RIGID', 'Mixed rigid plastics', 'OTHER', 'mixed', 7, 'Unsorted rigid plastics from MRFs.', NULL, NULL, 'No polymer-specific factor: use a mixed-plastics assumption only with care', false, 220, 'ref-2026.1'),
  ('MIXED_RESIDUAL', 'Mixed residual plastics', 'OTHER', 'mixed', NULL, 'Residual plastics not fit for mechanical recycling (co-processing or landfill).', NULL, NULL, 'No polymer-specific factor: use a mixed-plastics assumption only with care', false, 230, 'ref-2026.1');
--> statement-breakpoint
INSERT INTO process_types (code, name, description, kwh_per_tonne, energy_source, sort_order, ref_version) VALUES
  ('sorting', 'Sorting', 'Manual or automated separation by polymer, colour and grade.', NULL, 'No authoritative figure: configure per line or meter it', 10, 'ref-2026.1'),
  ('baling', 'Baling', 'Compressing sorted material into bales for transport.', NULL, 'No authoritative figure: configure per line or meter it', 20, 'ref-2026.1'),
  ('shredding', 'Shredding / granulating', 'Size reduction of rigid plastics into flakes or regrind.', 92, 'Sphera data in public code (indicative)', 30, 'ref-2026.1'),
  ('washing', 'Washing', 'Cold or hot washing and friction washing of flakes.', NULL, 'No authoritative figure: configure per line or meter it', 40, 'ref-2026.1'),
  ('drying', 'Drying', 'Mechanical and thermal drying of washed flakes.', NULL, 'No authoritative figure: configure per line or meter it', 50, 'ref-2026.1'),
  ('extrusion', 'Extrusion / pelletising', 'Melt filtration, extrusion and pelletising of flakes (extruders alone 200–250 kWh/t).', 306, 'Sphera data in public code (indicative); SML extrusion note', 60, 'ref-2026.1'),
  ('agglomeration', 'Agglomeration', 'Densifying film into agglomerate before extrusion.', NULL, 'No authoritative figure: configure per line or meter it', 70, 'ref-2026.1'),
  ('co_processing', 'Co-processing', 'Use of residual plastics as alternative fuel in cement kilns (not recycling).', NULL, 'Not applicable: energy recovery, not a recycling step', 80, 'ref-2026.1');
--> statement-breakpoint
INSERT INTO epr_countries (code, name, law, regulation, currency, baseline_year, obliged_enterprises, covered_packaging, penalty, source, ref_version) VALUES
  ('PH', 'Philippines', 'Republic Act No. 11898 (Extended Producer Responsibility Act of 2022)', 'DENR Administrative Order 2023-02 (IRR); registration with the NSWMC; annual EPR Compliance Audit Report (ECAR) by an independent third-party auditor, first due 30 June 2024', 'PHP', 2022,
   'Enterprises with total assets above PHP 100 million (land excluded): the brand owner, else the manufacturer or importer. Smaller businesses may join voluntarily. Compliance individually, collectively or through a Producer Responsibility Organization (PRO).',
   'Sachets, labels, laminates and other flexibles (single or multi-layer); rigid plastic packaging including caps, lids, cutlery and straws; plastic bags; polystyrene.',
   'PHP 5M to 20M, or twice the cost of recovering the shortfall, whichever is higher; possible suspension of the business permit.',
   'RA 11898 and DAO 2023-02; enviliance.com (ph-epr-plastic-waste); valpak.co.uk; thefirmva.com', 'ref-2026.1');
--> statement-breakpoint
INSERT INTO epr_targets (country_code, year, recovery_target_pct, source) VALUES
  ('PH', 2023, 20, 'DENR via mb.com.ph (2024-02-22); bomboradyo.com'),
  ('PH', 2024, 40, 'DENR via mb.com.ph (2024-02-22); bomboradyo.com'),
  ('PH', 2025, 50, 'DENR via mb.com.ph (2024-02-22); bomboradyo.com'),
  ('PH', 2026, 60, 'DENR via mb.com.ph (2024-02-22); bomboradyo.com'),
  ('PH', 2027, 70, 'DENR via mb.com.ph (2024-02-22); bomboradyo.com'),
  ('PH', 2028, 80, 'DENR via mb.com.ph (2024-02-22); bomboradyo.com');
