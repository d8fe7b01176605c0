// A macro that takes the array as an argument, AT(t, r, c), and a
// user-side padding macro set to 0: the macro's expansion reads in range
// (legal), the flat FLAT(t, i) macro walks the tile (bad).
// launch: rt43_macroarg 2 32x8
#define PAD 0
#define AT(t, r, c) (t)[(r)][(c)]
#define FLAT(t, i) (&(t)[0][0])[(i)]
__global__ void rt43_macroarg(const int *in, int *out, int p) {
    __shared__ int tile[32][32 + PAD];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) AT(tile, j, tx) = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    int acc = AT(tile, tx, ty) + FLAT(tile, tid * 4 + 3);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt43_macroarg<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
