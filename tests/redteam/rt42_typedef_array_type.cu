// The tile's type is a typedef (typedef float Tile[32][32]) and a row type
// alias (using Row = int[32]); reads are transposed and in range: legal.
// launch: rt42_typedef 2 32x8
typedef float Tile[32][32];
using Row = int[32];
__global__ void rt42_typedef(const int *in, int *out, int p) {
    __shared__ Tile t;
    __shared__ Row rows[32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        t[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
        rows[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] >> 20;
    }
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < 32; j += 8) acc += t[tx][j] * (float)rows[tx][j];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt42_typedef<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
