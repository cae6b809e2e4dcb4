import type { CategorieData, CategorieListQuery } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import {
  createNamed,
  deleteNamed,
  getNamed,
  listNamed,
  renameNamed,
  type NamedList,
} from './named-list.js';

const CATEGORIES: NamedList = {
  table: 'categories',
  column: 'categorie_id',
  label: 'La catégorie',
  demonstrative: 'Cette catégorie',
  feminine: true,
};

export const listCategories = (ctx: AppContext, serviceId: number, query: CategorieListQuery) =>
  listNamed(ctx.database.db, CATEGORIES, serviceId, query);
export const getCategorie = (ctx: AppContext, serviceId: number, id: number) =>
  getNamed(ctx.database.db, CATEGORIES, serviceId, id);
export const createCategorie = (ctx: AppContext, serviceId: number, input: CategorieData) =>
  createNamed(ctx.database.db, CATEGORIES, serviceId, input.nom);
export const updateCategorie = (
  ctx: AppContext,
  serviceId: number,
  id: number,
  input: CategorieData,
) => renameNamed(ctx.database.db, CATEGORIES, serviceId, id, input.nom);
export const deleteCategorie = (ctx: AppContext, serviceId: number, id: number) =>
  deleteNamed(ctx.database.db, CATEGORIES, serviceId, id);
