import type { MarqueData, MarqueListQuery } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import {
  createNamed,
  deleteNamed,
  getNamed,
  listNamed,
  renameNamed,
  type NamedList,
} from '../categories/named-list.js';

const MARQUES: NamedList = {
  table: 'marques',
  column: 'marque_id',
  label: 'La marque',
  demonstrative: 'Cette marque',
  feminine: true,
};

export const listMarques = (ctx: AppContext, serviceId: number, query: MarqueListQuery) =>
  listNamed(ctx.database.db, MARQUES, serviceId, query);
export const getMarque = (ctx: AppContext, serviceId: number, id: number) =>
  getNamed(ctx.database.db, MARQUES, serviceId, id);
export const createMarque = (ctx: AppContext, serviceId: number, input: MarqueData) =>
  createNamed(ctx.database.db, MARQUES, serviceId, input.nom);
export const updateMarque = (ctx: AppContext, serviceId: number, id: number, input: MarqueData) =>
  renameNamed(ctx.database.db, MARQUES, serviceId, id, input.nom);
export const deleteMarque = (ctx: AppContext, serviceId: number, id: number) =>
  deleteNamed(ctx.database.db, MARQUES, serviceId, id);
