// Any address no page has (spec: 404 Page Not Found); the server answers it with a 404 too.
export { NotFoundPage } from '../../components/not-found';
