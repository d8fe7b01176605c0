// N-body tile: each block stages 64 bodies as a struct tile
// (struct Body { float x, y, z, m; }) and every thread accumulates the
// softened force from all of them (broadcast reads of sh[j].x ...).
// launch: rt4_25_nbody 2 64x1
struct Body {
    float x, y, z, m;
};
#define NB 64
__global__ void rt4_25_nbody(const int *in, int *out, int p) {
    __shared__ Body sh[NB];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * NB + tid;
    Body me;
    me.x = (float)(in[(4 * g) & 4095] & 63);
    me.y = (float)(in[(4 * g + 1) & 4095] & 63);
    me.z = (float)(in[(4 * g + 2) & 4095] & 63);
    me.m = 1.0f + (float)(in[(4 * g + 3) & 4095] & 3);
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int t = 0; t < 2; ++t) {
        const int s = t * NB + tid;
        sh[tid] = Body{(float)(in[(4 * s) & 4095] & 63), (float)(in[(4 * s + 1) & 4095] & 63),
                       (float)(in[(4 * s + 2) & 4095] & 63), 1.0f + (float)(in[(4 * s + 3) & 4095] & 3)};
        __syncthreads();
#pragma unroll 4
        for (int j = 0; j < NB; ++j) {
            const float dx = sh[j].x - me.x, dy = sh[j].y - me.y, dz = sh[j].z - me.z;
            const float inv = sh[j].m / (dx * dx + dy * dy + dz * dz + 1.0f);
            ax += dx * inv;
            ay += dy * inv;
            az += dz * inv;
        }
        __syncthreads();
    }
    out[g * 3] = __float_as_int(ax);
    out[g * 3 + 1] = __float_as_int(ay);
    out[g * 3 + 2] = __float_as_int(az);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_25_nbody<<<2, NB>>>(in, out, 0); }
#endif
