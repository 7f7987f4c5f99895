// Demo of a restaurant's external tag (the seed's Cova restaurant lists it in its `scripts`):
// the dining survey adds it to the page head; it only marks that it ran.
document.documentElement.dataset.restaurantTag = 'cova';
