// The tile declared through a macro, SMEM_TILE(tile, float), and loaded by
// a macro that names the array: legal, and the rewrite reaches into macros.
// launch: rt82_k 2 32x8
#define TILE_DIM 32
#define SMEM_TILE(name, T) __shared__ T name[TILE_DIM][TILE_DIM]
#define LOAD_ROW(arr, r, src) (arr)[(r)][threadIdx.x] = (src)
__global__ void rt82_k(const int *in, int *out, int p) {
    SMEM_TILE(tile, float);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < TILE_DIM; j += 8) LOAD_ROW(tile, j, (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255));
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < TILE_DIM; j += 8) acc += tile[tx][j];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt82_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
