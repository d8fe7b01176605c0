// Temp-storage reuse through a union: one phase transposes ints, a later
// phase reuses the same bytes as a padded float tile.
// launch: rt02_union 2 32x8
#define TILE 32
#define ROWS 8
__global__ void rt02_union(const int *in, int *out, int p) {
    __shared__ union {
        int a[TILE][TILE];
        float b[TILE][TILE + 1];
    } u;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < TILE; r += ROWS) u.a[r][tx] = in[(blockIdx.x * TILE + r) * TILE + tx];
    __syncthreads();
    int acc = 0;
    for (int r = ty; r < TILE; r += ROWS) acc += u.a[tx][r] * (r + 1);
    __syncthreads();
    for (int r = ty; r < TILE; r += ROWS) u.b[r][tx] = (float)(acc & 255) + r;
    __syncthreads();
    float f = 0.f;
    for (int r = ty; r < TILE; r += ROWS) f += u.b[tx][r];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc ^ __float_as_int(f);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt02_union<<<2, dim3(TILE, ROWS)>>>(in, out, 0); }
#endif
