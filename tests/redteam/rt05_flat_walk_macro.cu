// The same index macro, but the reader walks the tile flat (a row-major scan
// that crosses row ends): any padding moves what it reads.
// launch: rt05_flatwalk 2 32x8
#define TDIM 32
#define IDX(r, c) ((r) * TDIM + (c))
__global__ void rt05_flatwalk(const int *in, int *out, int p) {
    __shared__ float tile[TDIM][TDIM];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < TDIM; j += 8) tile[ty + j][tx] = (float)(in[blockIdx.x * 1024 + (ty + j) * TDIM + tx] & 1023);
    __syncthreads();
    float acc = tile[tx][ty];
    const float *flat = &tile[0][0];
    const int tid = ty * TDIM + tx;
    for (int k = 0; k < 4; ++k) acc += flat[IDX(0, tid * 4 + k)];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt05_flatwalk<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
